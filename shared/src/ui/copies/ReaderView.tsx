import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useMemo, type ReactNode, type Ref } from 'react';
import { copyMessages, type Copy } from '../../domain/index.js';
import { articleStyles, compactArticleStyles } from './articleStyles.js';
import { readerHtml } from './readerHtml.js';
import type { CopyOrNone } from './copyOrNone.js';

/** What the Reader view shows of the bookmark itself: its title while there is no copy, its address for the original. */
export interface ReaderBookmark {
  title: string;
  link: string;
}

export interface ReaderViewProps {
  /** The bookmark read; undefined while it loads. */
  bookmark: ReaderBookmark | undefined;
  /**
   * Its readable copy; null when there is none yet, 'later' when its site failed (the server's 404s,
   * see `copyOrNone`); undefined while it loads.
   */
  copy: CopyOrNone | undefined;
  /** What to say when the bookmark or its copy could not be loaded; null when nothing failed. */
  error: ReactNode | null;
  /** Back to where the reader came from: the host decides where that is. */
  onBack: () => void;
  /** The Back button, for a host that moves the focus to it when the view opens. */
  backRef?: Ref<HTMLButtonElement>;
  /** 1: the page's own heading (the web app); 2: under the host's heading (the extension's side panel). */
  headingLevel?: 1 | 2;
  /** A narrow host (the side panel, about 360 px): smaller headings and type. */
  compact?: boolean;
  /** Put before the images' paths on the server (its relay): the server's address in the extension. */
  imageBase?: string;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The Reader view: the article a bookmark's page held when the crawler read it, cleaned on the
 * server and shown in our own type, with its pictures through the server's relay. The original
 * stays one click away; a page with no copy yet says so. The host loads the bookmark and its copy
 * (the web app by the route's id, the side panel from the row it was opened from) and gives them here.
 */
export function ReaderView(props: ReaderViewProps) {
  const { bookmark, copy, error, onBack, backRef, headingLevel = 1, compact = false, imageBase } = props;
  const heading = (text: string) => (
    <Typography
      component={headingLevel === 1 ? 'h1' : 'h2'}
      variant={compact ? 'h5' : 'h4'}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {text}
    </Typography>
  );

  let body: ReactNode;
  if (error) {
    body = (
      <>
        {heading(copyMessages.readerView)}
        <Alert severity="error">{error}</Alert>
      </>
    );
  } else if (bookmark === undefined || copy === undefined) {
    body = <CircularProgress aria-label={copyMessages.loading} />;
  } else {
    const original = (
      <Link href={bookmark.link} target="_blank" rel="noopener noreferrer">
        {copyMessages.openOriginal}
      </Link>
    );
    body =
      copy === null || copy === 'later' ? (
        <>
          {heading(bookmark.title)}
          <Alert severity="info">
            {copy === 'later' ? copyMessages.siteFailed : `${copyMessages.noCopy} ${copyMessages.noCopyHint}`}
          </Alert>
          {original}
        </>
      ) : (
        <Article
          copy={copy}
          fallbackTitle={bookmark.title}
          original={original}
          heading={heading}
          compact={compact}
          imageBase={imageBase}
        />
      );
  }
  // Back stays the same element from the spinner to the article: a host's focus on it stays.
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Button ref={backRef} onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
        Back
      </Button>
      {body}
    </Stack>
  );
}

function Article(props: {
  copy: Copy;
  fallbackTitle: string;
  original: ReactNode;
  heading: (text: string) => ReactNode;
  compact: boolean;
  imageBase: string | undefined;
}) {
  const { copy, fallbackTitle, original, heading, compact, imageBase } = props;
  const html = useMemo(() => readerHtml(copy.html, imageBase), [copy.html, imageBase]);
  // A site that signs its articles with its own name (BBC News · BBC News) says it once.
  const byline = copy.byline === copy.siteName ? null : copy.byline;
  const about = [copy.siteName, byline, copyMessages.minutes(copy.wordCount)].filter(Boolean).join(' · ');
  return (
    <Box component="article" lang={copy.lang ?? undefined} sx={{ minWidth: 0 }}>
      <Stack spacing={2}>
        {heading(copy.title ?? fallbackTitle)}
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {about}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
          {original}
          <Typography variant="body2" color="text.secondary">
            {copyMessages.savedOn(dateFormat.format(new Date(copy.fetchedAt)))}
          </Typography>
        </Stack>
        {/* Cleaned on the server down to reading markup (no scripts, styles or handlers), kept to
            the same allowlist here (readerHtml.ts); the pages' content security policy allows no
            inline script besides. */}
        <Box sx={compact ? compactArticleStyles : articleStyles} dangerouslySetInnerHTML={{ __html: html }} />
      </Stack>
    </Box>
  );
}
