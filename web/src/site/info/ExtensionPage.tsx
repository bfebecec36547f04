import { failureMessage } from '@linkhive/shared/ui';
import { Alert, Button, CircularProgress, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { detectExtensionBrowser, type NavigatorLike } from '../../layout/extensionBrowser';
import { SectionPage } from '../../layout/SectionPage';
import { InfoSection, Items, Para, Ui } from '../../layout/InfoBlocks';
import { siteKeys } from '../queries';

/**
 * /extension, where 'Get the Chrome extension' leads (issue 26): this server's own answer, not a
 * store search for a build that may be in no store. With EXTENSION_STORE_URL set, the listing;
 * otherwise how to load the zip this server serves, unpacked.
 */
export function ExtensionPage() {
  const answer = useQuery({ queryKey: siteKeys.extensionOffer, queryFn: () => api.extension.offer() });
  const offer = answer.data ?? null;
  const error = answer.isError ? failureMessage(answer.error, 'The extension offer could not be loaded.') : null;

  const edge = detectExtensionBrowser(globalThis.navigator as NavigatorLike | undefined) === 'edge';
  const browser = edge ? 'Edge' : 'Chrome';
  const extensionsPage = edge ? 'edge://extensions' : 'chrome://extensions';
  const download = offer ? (offer.downloads[edge ? 'edge' : 'chrome'] ?? offer.downloads.chrome) : null;

  return (
    <SectionPage
      title="Get the browser extension"
      maxWidth="md"
      description="Save the page you are on with one click from the toolbar of Chrome, Edge or Firefox."
    >
      <Para>
        The Linkhive extension saves the page you are on from the browser toolbar, into your categories on this server,
        and imports your browser&apos;s own bookmarks.
      </Para>
      {error && <Alert severity="error">{error}</Alert>}
      {!offer && !error && <CircularProgress aria-label="Loading the extension offer" />}
      {offer?.storeUrl && (
        <InfoSection title="Install from the store">
          <Para>The extension is listed in the Chrome Web Store{edge ? ', which Edge installs from too' : ''}.</Para>
          <Button variant="contained" href={offer.storeUrl} target="_blank" rel="noopener noreferrer">
            Open the store listing
          </Button>
        </InfoSection>
      )}
      {offer && download && (
        <InfoSection title={offer.storeUrl ? 'Or load it from this server' : `Load it into ${browser}`}>
          <Items
            ordered
            items={[
              <>
                Download <Link href={download}>the extension (zip)</Link> and unzip it into a folder of its own.
              </>,
              <>
                Open <Ui>{extensionsPage}</Ui> in the address bar and turn on <Ui>Developer mode</Ui>.
              </>,
              <>
                Click <Ui>Load unpacked</Ui> and choose the unzipped folder.
              </>,
              <>
                Open the extension&apos;s options and check that its server address is{' '}
                <Ui>{globalThis.location?.origin}</Ui>, then sign in.
              </>,
            ]}
          />
        </InfoSection>
      )}
      {offer?.downloads.firefox && <FirefoxSteps download={offer.downloads.firefox} />}
      {offer && !offer.storeUrl && !download && !offer.downloads.firefox && (
        <Alert severity="info">
          This server has no extension build to offer yet. Its owner can build one with <code>npm run build</code>, or
          set <code>EXTENSION_STORE_URL</code> to the extension&apos;s store listing.
        </Alert>
      )}
    </SectionPage>
  );
}

/**
 * The Firefox add-on this server serves (issue 32). Firefox installs for good only what Mozilla has
 * signed, so an unsigned zip loads as a temporary add-on, kept until Firefox restarts.
 */
function FirefoxSteps({ download }: { download: string }) {
  return (
    <InfoSection title="Load it into Firefox">
      <Items
        ordered
        items={[
          <>
            Download <Link href={download}>the Firefox add-on (zip)</Link>.
          </>,
          <>
            Open <Ui>about:debugging#/runtime/this-firefox</Ui> in the address bar, click{' '}
            <Ui>Load Temporary Add-on…</Ui> and choose the zip.
          </>,
          <>
            Open the add-on&apos;s options and check that its server address is <Ui>{globalThis.location?.origin}</Ui>,
            then sign in.
          </>,
        ]}
      />
      <Para>
        Firefox keeps a temporary add-on until it restarts. To install it for good, the server&apos;s owner has the zip
        signed on addons.mozilla.org (listed or not).
      </Para>
    </InfoSection>
  );
}
