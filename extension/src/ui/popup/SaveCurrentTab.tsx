import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { bookmarkMessages, extensionMessages, type Bookmark } from '@linkhive/shared/domain';
import { AddBookmarkForm, SaveTargetSelect, useNotify, type NewBookmarkValues } from '@linkhive/shared/ui';
import { useEffect, useState } from 'react';
import { fallbackCategory } from '../../core/config';
import { notWebPage } from '../../core/menus';
import { askBackground } from '../../core/messages';
import { problemOf } from '../../core/problems';
import { linkKeyOf } from '../../core/savedUrls';
import type { TabInfo } from '../../platform/browser';
import { api, platform, savedUrls } from '../extension';
import { useExtensionSession } from '../session';
import { useCategoryLists } from '../useCategoryLists';
import { useWorkspaceGroups } from '../useWorkspaceGroups';
import { GroupSavedPanel } from './GroupSavedPanel';
import { SavedPanel } from './SavedPanel';
import { saveToGroup } from './saveToGroup';

type View =
  | { kind: 'checking' }
  | { kind: 'form'; warning?: string }
  | { kind: 'saved'; bookmark: Bookmark; note: string }
  | { kind: 'groupSaved'; message: string; groupName: string }
  | { kind: 'queued'; message: string }
  | { kind: 'unsupported' }
  | { kind: 'outdated'; message: string };

/** How long the popup waits for waiting saves to go out before it looks the page up anyway. */
const flushWaitMs = 1500;

/** Named so the bench can read when the popup became usable. */
export const interactiveMark = 'linkhive:popup-interactive';

/** The popup's work: the tab's address and title in the add form, or where it is saved already. */
export function SaveCurrentTab({ tab }: { tab: TabInfo }) {
  const notify = useNotify();
  const defaultCategory = useExtensionSession((s) => s.settings.defaultCategory);
  const web = linkKeyOf(tab.url) !== null;
  const [view, setView] = useState<View>(web ? { kind: 'checking' } : { kind: 'unsupported' });
  const lists = useCategoryLists(web);
  const workspace = useWorkspaceGroups(web);
  const owned = workspace.groups.filter((g) => g.isOwner);
  /** '' saves a bookmark; a group's id saves into that group. */
  const [target, setTarget] = useState('');

  useEffect(() => {
    if (!web) return;
    let live = true;
    // Saves waiting in the queue go first (opening the popup is a good moment to retry), so that
    // a page whose save has just gone out shows as saved; a slow server does not hold the popup up.
    const flushed = Promise.race([
      askBackground(platform, { type: 'flush' }).catch(() => null),
      new Promise((resolve) => setTimeout(resolve, flushWaitMs)),
    ]);
    flushed
      .then(() => api.lookup(tab.url))
      .then(
        async (found) => {
          await (found ? savedUrls.remember(found) : savedUrls.forget(tab.url));
          if (!live) return;
          setView(
            found
              ? { kind: 'saved', bookmark: found, note: extensionMessages.alreadySavedIn(found.category) }
              : { kind: 'form' },
          );
        },
        (error: unknown) => {
          if (!live) return;
          const problem = problemOf(error);
          // An ended session shows the sign-in instead (the session store follows storage).
          if (problem.kind === 'outdated') setView({ kind: 'outdated', message: problem.message });
          else setView({ kind: 'form', warning: problem.kind === 'signed-out' ? undefined : problem.message });
        },
      );
    return () => {
      live = false;
    };
  }, [tab.url, web]);

  const ready = view.kind !== 'checking';
  useEffect(() => {
    if (ready && performance.getEntriesByName(interactiveMark).length === 0) performance.mark(interactiveMark);
  }, [ready]);

  async function save(values: NewBookmarkValues) {
    const group = owned.find((g) => g.id === target);
    if (group) {
      const message = await saveToGroup(group.id, values);
      notify({ message, severity: 'success' });
      setView({ kind: 'groupSaved', message, groupName: group.name });
      return;
    }
    const outcome = await askBackground(platform, { type: 'save', input: values });
    if (outcome.kind === 'saved') {
      notify({ title: bookmarkMessages.bookmarkedTitle, message: outcome.message, severity: 'success' });
      setView({ kind: 'saved', bookmark: outcome.bookmark, note: outcome.message });
    } else if (outcome.kind === 'duplicate' && outcome.bookmark) {
      setView({ kind: 'saved', bookmark: outcome.bookmark, note: outcome.message });
    } else if (outcome.kind === 'queued') {
      setView({ kind: 'queued', message: outcome.message });
    } else {
      // Shown under the form by the form itself.
      throw new Error(outcome.message);
    }
  }

  switch (view.kind) {
    case 'checking':
      return <CircularProgress aria-label="Checking whether this page is saved" sx={{ alignSelf: 'center' }} />;
    case 'unsupported':
      return <Alert severity="info">{notWebPage}</Alert>;
    case 'outdated':
      return (
        <Alert severity="error" role="alert">
          {view.message}
        </Alert>
      );
    case 'queued':
      return (
        <Stack spacing={2} component="section" aria-label="Saved for later">
          <Alert severity="info" role="status">
            {view.message}
          </Alert>
          <Button onClick={() => window.close()} sx={{ alignSelf: 'flex-end' }}>
            Close
          </Button>
        </Stack>
      );
    case 'groupSaved':
      return <GroupSavedPanel message={view.message} groupName={view.groupName} />;
    case 'saved':
      return (
        <Stack spacing={1}>
          <SavedPanel
            bookmark={view.bookmark}
            note={view.note}
            categories={lists.own}
            suggested={lists.suggested}
            onChanged={(bookmark) => setView({ kind: 'saved', bookmark, note: bookmarkMessages.linkUpdated })}
            onDeleted={() => setView({ kind: 'form' })}
          />
          {/* A page in one's bookmarks may still go to a team: the form opens on the first owned group. */}
          {owned[0] && (
            <Button
              onClick={() => {
                setTarget(owned[0]!.id);
                setView({ kind: 'form' });
              }}
            >
              Add to a workspace group
            </Button>
          )}
        </Stack>
      );
    case 'form':
      return (
        <Stack spacing={2}>
          {view.warning && <Alert severity="warning">{view.warning}</Alert>}
          {owned.length > 0 && <SaveTargetSelect groups={owned} value={target} onChange={setTarget} />}
          <AddBookmarkForm
            initial={{ link: tab.url, title: tab.title, category: defaultCategory ?? fallbackCategory }}
            categories={lists.own}
            suggested={lists.suggested}
            onPreview={(url, signal) => api.preview(url, signal)}
            onSubmit={save}
            onCancel={() => window.close()}
            submitLabel="Save"
          />
        </Stack>
      );
  }
}
