import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { bookmarkMessages, extensionMessages, trashMessages, type Bookmark } from '@linkhive/shared/domain';
import { AddBookmarkForm, SaveTargetSelect, type NewBookmarkValues } from '@linkhive/shared/ui';
import { useEffect, useState } from 'react';
import { fallbackCategory } from '../../core/config';
import { notWebPage } from '../../core/menus';
import { askBackground } from '../../core/messages';
import { problemOf } from '../../core/problems';
import { linkKeyOf } from '../../core/savedUrls';
import type { TabInfo } from '../../platform/browser';
import { api, platform, savedUrls } from '../extension';
import { useExtensionSession } from '../session';
import { pageTexts } from '../texts';
import { UpdateLink } from '../UpdateLink';
import { useCategoryLists } from '../useCategoryLists';
import { usePendingSavesState } from '../usePendingSaves';
import { useGroups } from '../useGroups';
import { GroupSavedPanel } from './GroupSavedPanel';
import { JustSavedPanel } from './JustSavedPanel';
import { openPage, popupTiming, within, type Opening } from './pageStatus';
import { RememberedPanel } from './RememberedPanel';
import { SavedPanel } from './SavedPanel';
import { saveToGroup } from './saveToGroup';
import { viewOf, type View } from './views';
import { WaitingPanel } from './WaitingPanel';

/** How long the popup waits for waiting saves to go out before it looks the page up anyway. */
const flushWaitMs = 1500;

/** Named so the bench can read when the popup became usable. */
export const interactiveMark = 'linkhive:popup-interactive';

/** A round of the popup's opening: 'open' on opening (the one-click save), 'lookup' once a waiting save has left the list. */
type Round = { n: number; mode: 'open' | 'lookup'; from?: View };

/**
 * The popup's work. By default the toolbar click has saved the tab already: the popup saves it at
 * once and shows it to change or undo. With "ask first" it opens on the add form. Either way a page
 * saved before shows where it is (never a second save), and one whose save waits shows as waiting.
 *
 * Each round of the opening is a component of its own (keyed by the round), so a later round's views
 * replace an earlier one's and an earlier round's late views land on an unmounted component, which
 * React drops: no guard of the popup's own. The popup (PopupApp) keys this by the tab and "ask
 * first" the same way.
 */
export function SaveCurrentTab({ tab, askFirst }: { tab: TabInfo; askFirst: boolean }) {
  const [round, setRound] = useState<Round>({ n: 0, mode: 'open' });
  return (
    <OpeningRound
      key={round.n}
      tab={tab}
      askFirst={askFirst}
      round={round}
      // One look-up round follows the opening round, however often it is asked for.
      onWaitingLeft={(from) => setRound((r) => (r.mode === 'open' ? { n: r.n + 1, mode: 'lookup', from } : r))}
    />
  );
}

function OpeningRound({
  tab,
  askFirst,
  round,
  onWaitingLeft,
}: {
  tab: TabInfo;
  askFirst: boolean;
  round: Round;
  onWaitingLeft: (from: View) => void;
}) {
  const defaultCategory = useExtensionSession((s) => s.settings.defaultCategory);
  const serverUrl = useExtensionSession((s) => s.settings.serverUrl);
  const web = linkKeyOf(tab.url) !== null;
  // A look-up round goes on showing the waiting save it follows until its answer.
  const [view, setView] = useState<View>(round.from ?? (web ? { kind: 'checking' } : { kind: 'unsupported' }));
  // Asked for once the page's own answer is in: on a busy server four list requests beside the
  // one-click save would hold it up, and nothing on screen needs them before.
  const settled = web && view.kind !== 'checking';
  const lists = useCategoryLists(settled);
  const workspace = useGroups(settled);
  const owned = workspace.groups.filter((g) => g.isOwner);
  /** '' saves a bookmark; a group's id saves into that group. */
  const [target, setTarget] = useState('');
  const pending = usePendingSavesState();

  // The opening is an effect of its own, not a query: routed through the query cache (a streamed
  // query of its views, tried at stop 39) the toolbar click to saved took 25-60 ms longer in every
  // A/B round, and this is the product's first click. It runs once per round (the props are the
  // round's); openPage answers a tab once per popup, so React's development double run saves once.
  useEffect(() => {
    if (!web) return;
    const show = setView;
    const failed = (error: unknown) => {
      const problem = problemOf(error);
      // An ended session shows the sign-in instead (the session store follows storage).
      if (problem.kind === 'outdated') show({ kind: 'outdated', message: problem.message });
      else show({ kind: 'form', warning: problem.kind === 'signed-out' ? undefined : problem.message });
    };
    const lookup = () =>
      api.lookup(tab.url).then(async (found) => {
        await (found ? savedUrls.remember(found) : savedUrls.forget(tab.url));
        show(
          found
            ? { kind: 'saved', bookmark: found, note: extensionMessages.alreadySavedIn(found.category) }
            : { kind: 'form' },
        );
      }, failed);

    const flushSoon = () => void askBackground(platform, { type: 'flush' }).catch(() => null);
    /** The form's look-up: after the waiting saves, and never a spinner for a slow server's whole deadline. */
    const ask = async () => {
      // Saves waiting in the list go first, so that a page whose save has just gone out shows as
      // saved; a slow server does not hold the popup up.
      await within(
        askBackground(platform, { type: 'flush' }).catch(() => null),
        flushWaitMs,
      );
      // The form is offered meanwhile, and the server's answer follows: saved shows as saved, out of
      // reach is said above the form, which keeps what was typed.
      let answered = false;
      const looking = lookup().then(() => void (answered = true));
      await within(looking, popupTiming.slowLookupMs);
      if (!answered) show({ kind: 'form', checking: true });
      return looking;
    };
    const handle = async (opening: Opening): Promise<void> => {
      switch (opening.kind) {
        case 'waiting':
          show({ kind: 'waiting', message: opening.item.problem ?? extensionMessages.queued, item: opening.item });
          // Opening the popup is a good moment to try again; the list's change brings the answer.
          return flushSoon();
        case 'ask':
          return ask();
        case 'remembered':
          show({ kind: 'remembered', category: opening.category });
          return opening.next.then(handle, (error: unknown) => {
            const problem = problemOf(error);
            if (problem.kind === 'outdated') show({ kind: 'outdated', message: problem.message });
            else show({ kind: 'remembered', category: opening.category, warning: problem.message });
          });
        case 'found':
          show({
            kind: 'saved',
            bookmark: opening.bookmark,
            note: extensionMessages.alreadySavedIn(opening.bookmark.category),
          });
          return;
        case 'saved':
          show(viewOf(opening.outcome, true) ?? { kind: 'form', warning: opening.outcome.message });
          return flushSoon();
      }
    };
    void (async () => {
      const opening: Opening =
        round.mode === 'lookup' ? { kind: 'ask' } : await openPage(platform, { api, savedUrls }, tab, askFirst);
      await handle(opening);
    })().catch(failed);
  }, [tab, web, askFirst, round.mode]);

  // The waiting save has left the list (sent, or refused for good): a look-up round says what became
  // of it. Only the opening round waits; the look-up round starts on its view.
  const waitingId = round.mode === 'open' && view.kind === 'waiting' ? view.item.id : null;
  // Until the list is first read it is empty, which says nothing about the save.
  const stillWaiting = waitingId !== null && (!pending.loaded || pending.items.some((q) => q.id === waitingId));
  useEffect(() => {
    if (waitingId !== null && !stillWaiting) onWaitingLeft(view);
  }, [waitingId, stillWaiting, view, onWaitingLeft]);

  const ready = view.kind !== 'checking';
  useEffect(() => {
    if (ready && performance.getEntriesByName(interactiveMark).length === 0) performance.mark(interactiveMark);
  }, [ready]);

  async function save(values: NewBookmarkValues) {
    const group = owned.find((g) => g.id === target);
    if (group) {
      const message = await saveToGroup(group.id, values);
      setView({ kind: 'groupSaved', message, groupName: group.name });
      return;
    }
    // The tab's page, unless the address was changed in the form (the worker compares them).
    const outcome = await askBackground(platform, { type: 'save', input: values, tabId: tab.id });
    const next = viewOf(outcome, false);
    // Shown under the form by the form itself.
    if (!next) throw new Error(outcome.message);
    setView(next);
  }

  /** Undo of a delete made here: the bookmark comes back from the trash, and the page shows saved again. */
  async function undoDelete(b: Bookmark) {
    try {
      const { savedAgain } = await api.restore([b.id]);
      if (savedAgain.length) {
        setView({ kind: 'form', warning: trashMessages.savedAgain(1) });
        return;
      }
      await savedUrls.remember(b);
      setView({ kind: 'saved', bookmark: b, note: trashMessages.restored(1) });
      await askBackground(platform, { type: 'refresh-badges', links: [b.link] }).catch(() => {});
    } catch (e) {
      setView({ kind: 'form', note: bookmarkMessages.linkDeleted, deleted: b, warning: problemOf(e).message });
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
          {view.message} <UpdateLink serverUrl={serverUrl} />
        </Alert>
      );
    case 'waiting':
      return <WaitingPanel message={view.message} item={view.item} />;
    case 'remembered':
      return <RememberedPanel category={view.category} warning={view.warning} />;
    case 'groupSaved':
      return <GroupSavedPanel message={view.message} groupName={view.groupName} />;
    case 'justSaved':
      return (
        <JustSavedPanel
          bookmark={view.bookmark}
          note={view.note}
          categories={lists.own}
          suggested={lists.suggested}
          onChanged={(bookmark) => setView({ kind: 'justSaved', bookmark, note: bookmarkMessages.linkUpdated })}
          onUndone={() => setView({ kind: 'form', note: pageTexts.undone })}
        />
      );
    case 'saved':
      return (
        <Stack spacing={1}>
          <SavedPanel
            bookmark={view.bookmark}
            note={view.note}
            categories={lists.own}
            suggested={lists.suggested}
            onChanged={(bookmark) => setView({ kind: 'saved', bookmark, note: bookmarkMessages.linkUpdated })}
            onDeleted={() => setView({ kind: 'form', note: bookmarkMessages.linkDeleted, deleted: view.bookmark })}
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
          {view.note && (
            <Alert
              severity="info"
              role="status"
              action={
                view.deleted ? (
                  <Button color="inherit" size="small" onClick={() => void undoDelete(view.deleted!)}>
                    {trashMessages.undo}
                  </Button>
                ) : undefined
              }
            >
              {view.note}
            </Alert>
          )}
          {view.warning && <Alert severity="warning">{view.warning}</Alert>}
          {view.checking && (
            <Typography variant="body2" color="text.secondary" role="status">
              {pageTexts.checkingSaved}
            </Typography>
          )}
          {owned.length > 0 && <SaveTargetSelect groups={owned} value={target} onChange={setTarget} />}
          <AddBookmarkForm
            initial={{ link: tab.url, title: tab.title, category: defaultCategory ?? fallbackCategory }}
            categories={lists.own}
            suggested={lists.suggested}
            onPreview={(url, signal) => api.preview(url, signal)}
            onSubmit={save}
            onCancel={() => window.close()}
            submitLabel="Save"
            autoFocusTitle
          />
        </Stack>
      );
  }
}
