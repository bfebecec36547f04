import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { bookmarkletCode } from './bookmarklet';

const texts = {
  title: 'Save from any browser',
  intro:
    'Save the page you are reading from any browser, also where the Linkhive extension does not run (Safari, ' +
    'Firefox, phones and tablets). Drag the Save to Linkhive button to your bookmarks bar. Then, on any page, ' +
    'click that bookmark: a small Linkhive window opens with the page’s address and title, and Create saves it.',
  clickHere: 'Drag this button to your bookmarks bar, then click it there on the page you want to save.',
  copied: 'Copied. Paste it as the address of a new bookmark.',
  copyFailed: 'The code could not be copied. Select it below and copy it.',
  phoneTitle: 'On a phone or tablet',
  phoneSteps: [
    'Press Copy code.',
    'Bookmark any page in your browser.',
    'Edit that bookmark: name it Save to Linkhive and replace its address with the copied code.',
    'On a page you want to keep, open your bookmarks and choose Save to Linkhive. In Chrome, type Save to ' +
      'Linkhive in the address bar and pick the bookmark.',
  ],
  shareSheet: 'With Linkhive installed as an app on Android, the share menu of your apps offers Linkhive too.',
} as const;

/** The bookmarklet on /profile: a drag-to-toolbar link, its code to copy, and how to use both. */
export function BookmarkletCard() {
  // The public origin is the one this page was opened at: the bookmarklet comes back to it.
  const code = useMemo(() => bookmarkletCode(window.location.origin), []);
  const link = useRef<HTMLAnchorElement>(null);
  const [note, setNote] = useState<{ severity: 'info' | 'success' | 'warning'; text: string } | null>(null);
  const [showCode, setShowCode] = useState(false);

  // React 19 puts a throwing address in place of any javascript: href it renders, its guard against
  // addresses injected through props. This one is our own code, built above from constants and the
  // address bar's origin, so it is set on the element after render, where React does not look.
  useLayoutEffect(() => {
    link.current?.setAttribute('href', code);
  }, [code]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setNote({ severity: 'success', text: texts.copied });
    } catch {
      setNote({ severity: 'warning', text: texts.copyFailed });
      setShowCode(true);
    }
  }

  return (
    <Box component="section" aria-labelledby="profile-bookmarklet-title" sx={{ mt: 5 }}>
      <Typography id="profile-bookmarklet-title" component="h2" variant="h6">
        {texts.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {texts.intro}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {/* A link, not a button, so that the browser drags it as a bookmark. Clicked here, on
            Linkhive itself, it would only save this page: it says how to use it instead. */}
        <Box
          component="a"
          ref={link}
          data-testid="bookmarklet"
          onClick={(e: MouseEvent) => {
            e.preventDefault();
            setNote({ severity: 'info', text: texts.clickHere });
          }}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 0.75,
            borderRadius: 1,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 500,
            textDecoration: 'none',
            cursor: 'grab',
            '&:hover': { bgcolor: 'primary.dark' },
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
          }}
        >
          <BookmarkAddIcon fontSize="small" aria-hidden />
          Save to Linkhive
        </Box>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy code
        </Button>
      </Stack>
      <div role="status">{note && <Alert severity={note.severity}>{note.text}</Alert>}</div>
      {showCode && (
        <TextField
          label="Bookmarklet code"
          value={code}
          multiline
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, style: { wordBreak: 'break-all' } } }}
          onFocus={(e) => e.target.select()}
          sx={{ mt: 2 }}
        />
      )}
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
        {texts.phoneTitle}
      </Typography>
      <Box component="ol" sx={{ mt: 0.5, pl: 3, color: 'text.secondary' }}>
        {texts.phoneSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </Box>
      <Typography color="text.secondary">{texts.shareSheet}</Typography>
    </Box>
  );
}
