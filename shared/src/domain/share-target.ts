import { bookmarkMessages, isHttpUrl, pageTitleSchema } from './bookmarks.js';
import { limits } from './constants.js';

/**
 * Two doors into the web app's save path (issue 32): the installed app's Web Share Target, whose
 * form the phone POSTs to `shareTargetPath`, and the bookmarklet. Both end on the save page, which
 * opens the Add Link dialog filled in: nothing is saved until the signed-in user presses Create, so
 * a form that any site can post writes nothing by itself.
 */
export const shareTargetPath = '/share-target';
/** The form fields the manifest's share_target names (Web Share Target's title, text and url). */
export const shareTargetFields = { title: 'title', text: 'text', url: 'url' } as const;

export const savePagePath = '/save';
/** The save page's query: `popup` is set by the bookmarklet, whose small window closes after a save. */
export const savePageParams = { url: 'url', title: 'title', problem: 'problem', popup: 'popup' } as const;

/** Why nothing can be offered for saving; the save page reads the matching message. */
export const saveProblems = ['no-link', 'not-web', 'too-long'] as const;
export type SaveProblem = (typeof saveProblems)[number];

export const saveMessages = {
  heading: 'Save to Linkhive',
  notWebAddress: 'Only web addresses that start with http:// or https:// can be saved. Nothing was saved.',
  noLink: 'No web address was found in what was shared. Nothing was saved.',
  closing: 'This window closes by itself.',
} as const;

export function saveProblemMessage(problem: SaveProblem): string {
  if (problem === 'not-web') return saveMessages.notWebAddress;
  if (problem === 'too-long') return bookmarkMessages.addressTooLong;
  return saveMessages.noLink;
}

export const isSaveProblem = (value: string | null): value is SaveProblem =>
  (saveProblems as readonly string[]).includes(value ?? '');

/** Whether an address may be offered for saving: a web address (never javascript: or data:) of a sane length. */
export function saveProblemOf(link: string | null | undefined): SaveProblem | null {
  const value = link?.trim() ?? '';
  if (!value) return 'no-link';
  if (!isHttpUrl(value)) return 'not-web';
  if (value.length > limits.addressMax) return 'too-long';
  return null;
}

export type SharedLink = { link: string; title: string } | { problem: SaveProblem };

const httpInText = /https?:\/\/[^\s<>"'`]+/gi;
/** A lone word with a scheme ('javascript:alert(1)', 'data:text/html,…'): an address, but not a web one. */
const otherScheme = /^[a-z][a-z\d+.-]*:\S+$/i;

/** Sentence punctuation after an address in prose ('see https://x.example/a.'), and a closing bracket it did not open. */
function trimProse(address: string): string {
  let a = address;
  for (;;) {
    const last = a.at(-1) ?? '';
    const unbalanced = (open: string, close: string) => last === close && a.split(open).length < a.split(close).length;
    if ('.,;:!?'.includes(last) || unbalanced('(', ')') || unbalanced('[', ']')) a = a.slice(0, -1);
    else return a;
  }
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * What a share sheet sent, reduced to the link and title to offer: the `url` field when there is
 * one, else the first web address in `text` (Android apps often put the link there: 'Look at this
 * https://example.com/x'). The title is `title`, else the text without the link. A `url` that is not
 * a web address is refused rather than passed over, since the sharing app said it is the link.
 */
export function pickSharedLink(fields: { title?: string; text?: string; url?: string }): SharedLink {
  const text = fields.text ?? '';
  let link = fields.url?.trim() ?? '';
  let rest = text;
  if (!link) {
    for (const match of text.matchAll(httpInText)) {
      const candidate = trimProse(match[0]);
      if (!isHttpUrl(candidate)) continue;
      link = candidate;
      rest = text.slice(0, match.index) + text.slice(match.index + candidate.length);
      break;
    }
    if (!link && otherScheme.test(text.trim())) return { problem: 'not-web' };
  }
  const problem = saveProblemOf(link);
  if (problem) return { problem };
  const given =
    oneLine(fields.title ?? '') || oneLine(rest).replace(/^[\s:|,.\u2013\u2014-]+|[\s:|,.\u2013\u2014-]+$/g, '');
  const title = pageTitleSchema.safeParse(given);
  return { link, title: title.success ? title.data : '' };
}

/** The save page's address, as the share target's answer sends the browser there. */
export function savePageUrl(shared: SharedLink, opts: { popup?: boolean } = {}): string {
  const query = new URLSearchParams();
  if ('problem' in shared) query.set(savePageParams.problem, shared.problem);
  else {
    query.set(savePageParams.url, shared.link);
    if (shared.title) query.set(savePageParams.title, shared.title);
  }
  if (opts.popup) query.set(savePageParams.popup, '1');
  return `${savePagePath}?${query}`;
}
