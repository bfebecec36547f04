import { pollingRunner } from '../../jobs/polling.js';
import type { Worker } from '../../jobs/worker.js';
import type { Logger } from '../../logger.js';
import type { CrawlBudget } from './crawl-budget.js';
import type { CrawlRepository, PageToRead } from './crawl-repository.js';

/** A turn of the crawler: an account's bookmarks, or (with `group`) a group's links, budgeted to `owner`. */
type Turn = { owner: number; group?: string };

/** A page claimed this long ago by a process that never finished it is read again. */
const staleAfterMs = 5 * 60_000;
/** A page whose site failed is tried once more in its turn, after this pause. */
const retryAfterMs = 2000;
/**
 * A page whose site failed twice in a turn waits, and is read again after these (the site may be
 * down for an hour, or a day); failed in a fourth turn, it has no copy.
 */
export const laterWaitsMs = [60 * 60_000, 6 * 60 * 60_000, 24 * 60 * 60_000];
/** Stale claims are released and waiting pages woken at most this often: each is a write. */
const sweepEveryMs = 60_000;

/**
 * The crawler: reads the pages still to read (bookmarks whose `read_state` is null), found in the
 * data, so that a save or an import writes only its rows and is read afterwards. `concurrency`
 * readers take pages in turns by account: each turn goes to the next account with pages to read,
 * its newest page first, and the list of accounts is read again after each round. One account's
 * import of 50,000 links so makes another's new save wait one turn, not 50,000. A workspace group
 * with links to read (`group_link.read_state` null) takes turns beside the accounts, so a big
 * workspace cannot starve an account, nor an account a workspace.
 *
 * Several processes may crawl one database: a page is claimed before it is read (`claim`), and a
 * claim left by a process that stopped is released after five minutes. A page whose site failed
 * waits and is read again later (`laterWaitsMs`). Polls every `pollMs` for
 * pages saved by other processes; a save in this one pokes it.
 */
export function startCrawler(deps: {
  repo: CrawlRepository;
  /** Reads a bookmark's page and keeps its copy: 'read' with one, 'none' without; throws when the site failed. */
  read: (bookmarkId: string) => Promise<'read' | 'none'>;
  /** The same for a workspace group's link. */
  readGroupLink: (linkId: string) => Promise<'read' | 'none'>;
  concurrency: number;
  /**
   * The sites with a request under way or pausing after one (politeness.ts): a reader takes a page
   * of another site first, rather than wait in that site's line while other sites' pages wait.
   */
  busySites?: () => string[];
  /** Pages per account per hour (CRAWL_BUDGET); an account past it rests until its hour ends. */
  budget?: CrawlBudget;
  log: Logger;
  pollMs: number;
  now?: () => Date;
}): Worker {
  const { repo, log } = deps;
  const now = deps.now ?? (() => new Date());
  // The round of turns: the accounts with pages to read, then the groups with links to read (each
  // group one more turn-taker, its pages counted in its owner's budget), and whose turn is next.
  let owners: Turn[] = [];
  let turn = 0;
  // Accounts whose budget is spent, and when their hour ends: their turns pass until then.
  const resting = new Map<number, number>();
  // What is done with a page, by its kind: a bookmark's, or a group link's.
  const bookmarks = { read: deps.read, finish: repo.finish, release: repo.release, logKey: 'bookmarkId' };
  const groupLinks = {
    read: deps.readGroupLink,
    finish: repo.finishGroupLink,
    release: repo.releaseGroupLink,
    logKey: 'groupLinkId',
  };
  const kindOf = (page: PageToRead) => (page.group === undefined ? bookmarks : groupLinks);

  // The sites of the pages this process's readers hold, by how many: a reader's claim looks past
  // them as soon as another reader has claimed, before that reader has reached the site.
  const inHand = new Map<string, number>();
  const hold = ({ domain }: PageToRead) => inHand.set(domain, (inHand.get(domain) ?? 0) + 1);
  const letGo = ({ domain }: PageToRead) => {
    const left = (inHand.get(domain) ?? 1) - 1;
    if (left > 0) inHand.set(domain, left);
    else inHand.delete(domain);
  };
  // Claims one at a time in this process, so that each sees the sites the ones before it took.
  let claiming: Promise<unknown> = Promise.resolve();
  function nextPage(): Promise<PageToRead | null> {
    const mine = claiming.then(nextPageNow);
    claiming = mine.catch(() => undefined);
    return mine;
  }

  async function nextPageNow(): Promise<PageToRead | null> {
    for (;;) {
      if (turn >= owners.length) {
        const at = Date.now();
        for (const [owner, until] of resting) if (until <= at) resting.delete(owner);
        const accounts = (await repo.ownersWithPages(10_000)).map((owner): Turn => ({ owner }));
        const groups = await repo.groupsWithPages(10_000);
        owners = [...accounts, ...groups].filter((o) => !resting.has(o.owner));
        turn = 0;
        // No account has pages to read, or every one that has is resting: the next poll looks again.
        if (!owners.length) return null;
      }
      const { owner, group } = owners[turn++]!;
      if (resting.has(owner)) continue;
      const claim = (busy?: string[]) =>
        group === undefined ? repo.claimNext(owner, now(), busy) : repo.claimNextGroupLink(group, now(), busy);
      // A page of a site no reader is at first; else the newest, to wait in its site's line.
      const busy = [...new Set([...inHand.keys(), ...(deps.busySites?.() ?? [])])];
      const page = (busy.length ? await claim(busy) : undefined) ?? (await claim());
      // None left to this account (or taken by other readers): the turn passes on.
      if (!page) continue;
      // Counted once a page is in hand: readers that find none take nothing from the budget.
      const restMs = (await deps.budget?.take(owner)) ?? 0;
      if (!restMs) {
        hold(page);
        return page;
      }
      log.info({ owner, restMs }, 'copy: the account’s crawl budget is spent for this hour');
      resting.set(owner, Date.now() + restMs);
      await kindOf(page).release(page.id);
    }
  }

  async function readOne(page: PageToRead, stopped: () => boolean): Promise<void> {
    const kind = kindOf(page);
    for (let attempt = 1; attempt <= 2; attempt++) {
      // Stopping: the page goes back, to be read after the next start rather than given up.
      if (stopped()) return kind.release(page.id);
      try {
        const state = await kind.read(page.id);
        return kind.finish(page.id, page.link, { state }, now());
      } catch (err) {
        log.info({ [kind.logKey]: page.id, attempt, err: (err as Error).message }, 'copy: page not read');
        if (attempt === 1) await new Promise((r) => setTimeout(r, retryAfterMs).unref());
      }
    }
    // The site failed twice: the page waits, longer each time, and is given up after the last wait.
    const failures = (page.failures ?? 0) + 1;
    const wait = laterWaitsMs[failures - 1];
    const at = now();
    await kind.finish(
      page.id,
      page.link,
      wait === undefined
        ? { state: 'none', failures }
        : { state: 'later', failures, due: new Date(at.getTime() + wait) },
      at,
    );
  }

  async function reader(stopped: () => boolean) {
    while (!stopped()) {
      const page = await nextPage();
      if (!page) return;
      try {
        await readOne(page, stopped);
      } finally {
        letGo(page);
      }
    }
  }

  let sweptAt = -Infinity;
  async function drain(stopped: () => boolean) {
    const at = now();
    if (at.getTime() - sweptAt >= sweepEveryMs) {
      sweptAt = at.getTime();
      const before = new Date(at.getTime() - staleAfterMs);
      await repo.releaseStale(before);
      await repo.releaseStaleGroupLinks(before);
      await repo.wakeWaiting(at);
      await repo.wakeWaitingGroupLinks(at);
    }
    turn = owners.length; // a fresh round: the accounts are read again
    await Promise.all(Array.from({ length: deps.concurrency }, () => reader(stopped)));
  }

  return pollingRunner(drain, { pollMs: deps.pollMs, log, context: { work: 'crawler' } });
}
