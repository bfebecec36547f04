import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Link, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SectionPage } from '../../layout/SectionPage';
import { InfoSection, Items, Para, Ui } from '../../layout/InfoBlocks';

interface Browser {
  name: string;
  steps: ReactNode[];
  file: string;
}

const browsers: Browser[] = [
  {
    name: 'Google Chrome',
    steps: [
      <>
        Open the <Ui>Bookmark manager</Ui>: press <Ui>Ctrl+Shift+O</Ui> (<Ui>Cmd+Option+B</Ui> on a Mac), or open the{' '}
        <Ui>⋮</Ui> menu and choose <Ui>Bookmarks and lists</Ui> then <Ui>Bookmark manager</Ui>.
      </>,
      <>
        Click the <Ui>⋮</Ui> menu at the right of the blue bar at the top of the Bookmark manager.
      </>,
      <>
        Choose <Ui>Export bookmarks</Ui>.
      </>,
      'Save the file somewhere easy to find, such as your Downloads folder.',
    ],
    file: 'bookmarks_<date>.html',
  },
  {
    name: 'Microsoft Edge',
    steps: [
      <>
        Open your favourites: press <Ui>Ctrl+Shift+O</Ui>, or open the <Ui>…</Ui> menu and choose <Ui>Favourites</Ui>.
      </>,
      <>
        In the favourites panel, click <Ui>More options</Ui> (<Ui>…</Ui>).
      </>,
      <>
        Choose <Ui>Export favourites</Ui>.
      </>,
      'Save the file.',
    ],
    file: 'favorites_<date>.html',
  },
  {
    name: 'Mozilla Firefox',
    steps: [
      <>
        Open the <Ui>Library</Ui> window: press <Ui>Ctrl+Shift+O</Ui> (<Ui>Cmd+Shift+O</Ui> on a Mac), or open the{' '}
        <Ui>Bookmarks</Ui> menu and choose <Ui>Manage bookmarks</Ui>.
      </>,
      <>
        Click <Ui>Import and Backup</Ui> in the Library&apos;s toolbar.
      </>,
      <>
        Choose <Ui>Export Bookmarks to HTML…</Ui> (not <Ui>Backup</Ui>, which writes a JSON file Linkhive cannot read).
      </>,
      'Save the file.',
    ],
    file: 'bookmarks.html',
  },
  {
    name: 'Apple Safari (Mac)',
    steps: [
      <>
        In Safari, open the <Ui>File</Ui> menu and choose <Ui>Export</Ui> then <Ui>Bookmarks…</Ui> (in older versions,{' '}
        <Ui>Export Bookmarks…</Ui>).
      </>,
      'Choose where to save the file and click Save.',
    ],
    file: 'Safari Bookmarks.html',
  },
];

export function ExportBookmarksPage() {
  return (
    <SectionPage
      title="Export your bookmarks"
      maxWidth="md"
      description="How to export your bookmarks from Chrome, Edge, Firefox and Safari as an HTML file, and import them into Linkhive, where folders become categories."
    >
      <Para>
        Every major browser can save its bookmarks as a single HTML file. Linkhive imports that file: each bookmark
        folder becomes a category, and links that are in no folder go into the category &lsquo;Uncategorized&rsquo;.
        Follow the steps for your browser, then import the file.
      </Para>

      {browsers.map((browser) => (
        <InfoSection key={browser.name} title={browser.name}>
          <Items ordered items={browser.steps} />
          <Typography color="text.secondary" variant="body2">
            The file is usually called <code>{browser.file}</code>.
          </Typography>
        </InfoSection>
      ))}

      <InfoSection title="Import the file into Linkhive">
        <Items
          ordered
          items={[
            <>
              Sign in and open <Link href="/import-bookmarks">Import Bookmarks</Link>, also in the menu.
            </>,
            'Choose the .html file you saved.',
            <>
              If some links are already in Linkhive, they are skipped. Tick <Ui>Overwrite existing bookmarks</Ui> to
              replace them with the ones in the file instead.
            </>,
            'Start the import. A progress bar shows how far it has got, and when it is complete you go to your categories.',
          ]}
        />
        <Para>
          Only web links are imported: browser-internal entries such as Firefox&apos;s smart folders are left out. If
          you see &lsquo;The uploaded file does not have the correct bookmark syntax.&rsquo;, the file is not a browser
          bookmark export: export it again with the steps above.
        </Para>
        <Paper variant="outlined" sx={{ p: 2, mt: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ flex: 1, minWidth: 200 }}>Have your file ready? Bring your bookmarks in now.</Typography>
          <Button href="/import-bookmarks" variant="contained" startIcon={<UploadFileIcon />}>
            Go to Import Bookmarks
          </Button>
        </Paper>
      </InfoSection>
    </SectionPage>
  );
}
