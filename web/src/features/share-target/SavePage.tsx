import type { Bookmark } from '@linkhive/shared/domain';
import {
  bookmarkMessages,
  isSaveProblem,
  saveMessages,
  savePageParams,
  saveProblemMessage,
  saveProblemOf,
} from '@linkhive/shared/domain';
import { useNotify, type NewBookmarkValues } from '@linkhive/shared/ui';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api';
import { SectionPage } from '../../layout/SectionPage';
import { libraryChanged } from '../bookmarks/library';
import { LibraryAddDialog, savedNotice } from '../bookmarks/LibraryAddDialog';

/** Long enough to read the saved message in the bookmarklet's window before it closes. */
const popupCloseDelayMs = 3_000;

/**
 * The category of the last link saved through this page, on this device: the dialog opens with it,
 * so that saving the next shared link is one press of Create. A name that has since gone is made
 * again by the save, as a category typed in the dialog would be.
 */
const lastCategoryKey = 'linkhive.saveCategory';
function lastCategory(): string | undefined {
  try {
    return localStorage.getItem(lastCategoryKey) ?? undefined;
  } catch {
    return undefined; // storage switched off: the user picks the category
  }
}
function rememberCategory(category: string) {
  try {
    localStorage.setItem(lastCategoryKey, category);
  } catch {
    // storage switched off: nothing to remember it in
  }
}

/**
 * /save?url&title: where the share target (POST /share-target answers 303 here) and the bookmarklet
 * (`popup=1`, a small window of its own) send a link. The Add Link dialog opens filled in and saves
 * through the same API call as the app's add button, with its duplicate rule and message; nothing is
 * saved before the user presses Create. An address that is not http(s) (javascript:, data:) is
 * refused here as on the server, with no dialog at all. Behind the sign-in, whose login page brings
 * the user back to this address, query included.
 */
export function SavePage() {
  const [search] = useSearchParams();
  const popup = search.get(savePageParams.popup) === '1';
  const link = search.get(savePageParams.url)?.trim() ?? '';
  const title = search.get(savePageParams.title) ?? '';
  const given = search.get(savePageParams.problem);
  const problem = isSaveProblem(given) ? given : saveProblemOf(link);
  const [saved, setSaved] = useState<Bookmark | null>(null);

  // The bookmarklet's window was opened by the page being saved, another site: cut the way back
  // to it, so that this window can never be used to script or navigate that page, nor it us.
  useEffect(() => {
    if (popup) window.opener = null;
  }, [popup]);

  let body;
  if (problem)
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" data-testid="save-error" sx={{ alignSelf: 'stretch' }}>
          {saveProblemMessage(problem)}
        </Alert>
        {popup ? <CloseWindowButton /> : <Link href="/categories">Go to your bookmarks</Link>}
      </Stack>
    );
  else if (saved) body = <SavedInPopup saved={saved} />;
  else
    body = (
      <>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {title || link}
        </Typography>
        {/* Keyed by the link: a second share while this page is open starts the form afresh. */}
        <SaveLinkDialog key={link} link={link} title={title} popup={popup} onSavedInPopup={setSaved} />
      </>
    );

  return <SectionPage title={saveMessages.heading}>{body}</SectionPage>;
}

interface SaveLinkDialogProps {
  link: string;
  title: string;
  popup: boolean;
  onSavedInPopup: (saved: Bookmark) => void;
}

/** The app's Add Link dialog, filled in; after Create or Cancel the page decides where the user goes. */
function SaveLinkDialog({ link, title, popup, onSavedInPopup }: SaveLinkDialogProps) {
  const notify = useNotify();
  const navigate = useNavigate();

  async function create(values: NewBookmarkValues) {
    const saved = await api.bookmarks.create(values);
    libraryChanged();
    rememberCategory(saved.category);
    if (popup) return onSavedInPopup(saved);
    notify(savedNotice(saved));
    // Where the app's own add dialog sends the user after creating (the spec's rule).
    await navigate(saved.favourite ? '/favourites' : '/categories', { replace: true });
  }

  function cancel() {
    // A window that a script opened may close itself; a tab the user opened stays, and goes on.
    if (popup) window.close();
    void navigate('/categories', { replace: true });
  }

  return (
    <LibraryAddDialog
      open
      onClose={cancel}
      initial={{ link, title, category: lastCategory() }}
      onSubmit={create}
      autoFocusTitle
    />
  );
}

/** The saved message, read in the bookmarklet's window before it closes by itself. */
function SavedInPopup({ saved }: { saved: Bookmark }) {
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => {
    message.current?.focus();
    const timer = window.setTimeout(() => window.close(), popupCloseDelayMs);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="success" ref={message} tabIndex={-1} sx={{ overflowWrap: 'anywhere', alignSelf: 'stretch' }}>
        {bookmarkMessages.bookmarked(saved.title, saved.category)} {saveMessages.closing}
      </Alert>
      <CloseWindowButton />
    </Stack>
  );
}

function CloseWindowButton() {
  return (
    <Button variant="outlined" onClick={() => window.close()}>
      Close window
    </Button>
  );
}
