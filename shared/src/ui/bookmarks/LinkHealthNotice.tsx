import { Box, Button, Chip, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { linkHealthMessages, type Bookmark } from '../../domain/index.js';

/** The Internet Archive's latest copy of an address: where a dead link's page may still be read. */
export const archiveUrl = (link: string) => `https://web.archive.org/web/${link}`;

export interface LinkHealthActions {
  /** 'Check now': checks the link again; the notice shows only the buttons whose handler is set. */
  onCheckLink?: (bookmark: Bookmark) => Promise<unknown> | void;
  /** 'Update address': the bookmark takes the address its link now leads to. */
  onUpdateAddress?: (bookmark: Bookmark, address: string) => Promise<unknown> | void;
}

const colours = { broken: 'error', failing: 'warning', redirected: 'info' } as const;

/**
 * What a row says of a link that moved, may be broken or is: the state, and what can be done —
 * check it again, take the new address, or read the page in the Internet Archive (the readable
 * copy is the row's Reader view).
 */
export function LinkHealthNotice({
  bookmark,
  onCheckLink,
  onUpdateAddress,
}: { bookmark: Bookmark } & LinkHealthActions) {
  const [busy, setBusy] = useState(false);
  const health = bookmark.health;
  if (!health) return null;
  const run = async (action: () => Promise<unknown> | void) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, mt: 0.5, minWidth: 0 }}
    >
      {/* The state's colour on the border, the text in the body colour: orange text on white fails contrast. */}
      <Chip
        size="small"
        variant="outlined"
        color={colours[health.health]}
        label={linkHealthMessages.labels[health.health]}
        sx={{ color: 'text.primary' }}
      />
      {health.health === 'redirected' && health.finalUrl && (
        <Typography variant="caption" color="text.secondary" noWrap sx={{ minWidth: 0, flex: '0 1 auto' }}>
          Now at {health.finalUrl}
        </Typography>
      )}
      {health.health === 'redirected' && health.finalUrl && onUpdateAddress && (
        <Button
          size="small"
          disabled={busy}
          onClick={() => void run(() => onUpdateAddress(bookmark, health.finalUrl!))}
        >
          Update address
        </Button>
      )}
      {health.health !== 'redirected' && (
        <Link
          variant="caption"
          href={archiveUrl(bookmark.link)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Internet Archive copy of ${bookmark.title}`}
        >
          Internet Archive
        </Link>
      )}
      {onCheckLink && (
        <Button size="small" disabled={busy} onClick={() => void run(() => onCheckLink(bookmark))}>
          Check now
        </Button>
      )}
    </Box>
  );
}
