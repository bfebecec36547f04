import {
  authMessages,
  bookmarkMessages,
  copyMessages,
  createBookmarkSchema,
  domainOf,
  extensionMessages,
  extensionVersionHeader,
  groupLinkSchema,
  groupMessages,
  importMessages,
  importOutcome,
  isSupportedExtensionVersion,
  normaliseLink,
  type Bookmark,
  type Copy,
  type SentPage,
  type GroupLink,
  type Group,
  type ImportProgress,
  type ImportResult,
} from '@linkhive/shared/domain';
import { noteFakeAnswer } from '@linkhive/shared/contract';

// An in-memory stand-in for the Linkhive API, reached through a fake `fetch`, so the background
// logic is tested without a network. Each answer is checked against the endpoint's contract (the
// server's own answers are, in server/src/features/extension/api-as-used.test.ts); it can be taken
// offline, made to fail or have tokens revoked.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
  body: unknown;
}

interface User {
  id: string;
  email: string;
  password: string;
  firstName: string;
}

/** The request being answered: each JSON answer is checked against its endpoint's contract. */
let answering: { method: string; url: string } | null = null;
const json = (status: number, body: unknown) => {
  if (answering) noteFakeAnswer(answering.method, answering.url, status, body);
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
};
const error = (status: number, code: string, message: string, field?: string) =>
  json(status, { error: { code, message, ...(field ? { field } : {}) } });

export function createFakeServer(origin = 'http://localhost:3000') {
  const users: User[] = [
    { id: 'u1', email: 'ann@example.com', password: 'Passw0rd!', firstName: 'Ann' },
    { id: 'u2', email: 'bob@example.com', password: 'Passw0rd!', firstName: 'Bob' },
  ];
  const tokens = new Map<string, string>();
  const bookmarks = new Map<string, Bookmark & { userId: string }>();
  /** Deleted bookmarks, as the server's trash keeps them until restored. */
  const trash = new Map<string, Bookmark & { userId: string }>();
  const imports = new Map<string, ImportProgress>();
  const requests: RecordedRequest[] = [];
  const pageTitles = new Map<string, string>();
  let online = true;
  /** Hanging: requests are taken and never answered, as by a stalled server or proxy. */
  let hanging = false;
  /** Requests taken while hanging: each can still be dropped, or answered late (a slow server). */
  const hung: { drop: (error: Error) => void; answer: () => void }[] = [];
  let failures: number[] = [];
  let pages: number[] = [];
  let next = 0;
  const state = { minimumVersion: '0.1.0' };
  const groups = new Map<string, { id: string; name: string; ownerId: string; members: string[] }>();
  const groupLinks: GroupLink[] = [];
  /** The readable copies the crawler would have kept, by bookmark id. */
  const copies = new Map<string, Copy>();
  /** The pages the extension sent for their copies, by bookmark id, in the order they came. */
  const sentPages = new Map<string, SentPage[]>();
  /** An error status the next sent pages are answered with instead (a server that fails them). */
  let refuseSentPages: number | null = null;
  /** Sent pages taken and not answered, as `hang` does for every request. */
  let holdingSentPages = false;

  const mine = (userId: string) => [...bookmarks.values()].filter((b) => b.userId === userId);
  const strip = ({ userId: _userId, ...b }: Bookmark & { userId: string }): Bookmark => b;

  function create(userId: string, body: unknown): Response {
    const parsed = createBookmarkSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return error(400, 'invalid', issue.message, String(issue.path[0]));
    }
    const v = parsed.data;
    if (mine(userId).some((b) => normaliseLink(b.link) === normaliseLink(v.link)))
      return error(409, 'duplicate_link', bookmarkMessages.duplicateLink, 'link');
    const now = new Date(Date.UTC(2025, 0, 1, 0, 0, ++next)).toISOString();
    const b = {
      id: `b${next}`,
      userId,
      title: v.title,
      link: v.link,
      domain: domainOf(v.link),
      category: v.category,
      favourite: v.favourite,
      screenshot: null,
      screenshotStatus: v.favourite ? ('off' as const) : null,
      faviconUrl: `/api/favicons/${domainOf(v.link)}`,
      rssFeed: v.rssFeed,
      promotor: v.promotor,
      createdAt: now,
      updatedAt: now,
    };
    bookmarks.set(b.id, b);
    return json(201, strip(b));
  }

  const groupView = (g: { id: string; name: string; ownerId: string; members: string[] }, userId: string) =>
    ({
      id: g.id,
      name: g.name,
      ownerId: g.ownerId,
      isOwner: g.ownerId === userId,
      isMember: true,
      linkCount: groupLinks.filter((l) => l.groupId === g.id).length,
      memberCount: g.members.length + 1,
      isPrivate: true,
      allowMemberInvites: false,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    }) satisfies Group;

  /** The workspace calls the extension makes, with the server's rules and texts. */
  function groupRoute(method: string, url: URL, userId: string, body: unknown): Response | null {
    if (method === 'GET' && url.pathname === '/api/groups') {
      const mineFirst = [...groups.values()]
        .filter((g) => g.ownerId === userId || g.members.includes(userId))
        .sort((a, b) => Number(b.ownerId === userId) - Number(a.ownerId === userId));
      return json(200, { items: mineFirst.map((g) => groupView(g, userId)) });
    }
    const m = /^\/api\/groups\/([^/]+)\/links$/.exec(url.pathname);
    if (!m) return null;
    const g = groups.get(m[1]!);
    if (!g || (g.ownerId !== userId && !g.members.includes(userId)))
      return error(404, 'not_found', groupMessages.groupNotFound);
    if (method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 25);
      const all = groupLinks.filter((l) => l.groupId === g.id).reverse();
      return json(200, { items: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize });
    }
    if (method !== 'POST') return null;
    if (g.ownerId !== userId) return error(403, 'forbidden', groupMessages.ownerOnlyAdd);
    const parsed = groupLinkSchema.safeParse(body);
    if (!parsed.success) return error(400, 'invalid', parsed.error.issues[0]!.message);
    const v = parsed.data;
    const twice = groupLinks.some(
      (l) => l.groupId === g.id && l.addedBy === userId && normaliseLink(l.link) === normaliseLink(v.link),
    );
    if (twice) return error(409, 'duplicate_link', groupMessages.duplicateLink, 'link');
    const now = new Date(Date.UTC(2025, 0, 1, 0, 0, ++next)).toISOString();
    const link: GroupLink = {
      id: `l${next}`,
      groupId: g.id,
      link: v.link,
      domain: domainOf(v.link),
      title: v.title,
      category: v.category,
      rssFeed: v.rssFeed,
      addedBy: userId,
      createdAt: now,
      updatedAt: now,
    };
    groupLinks.push(link);
    return json(201, { message: groupMessages.linkAdded, link });
  }

  /** The signed-in user as the server answers it: a free plan, no flags, a verified address. */
  function meOf(user: User) {
    return {
      user: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        createdAt: '2026-01-01T00:00:00.000Z',
        emailVerified: true,
      },
      profile: {
        displayName: user.firstName,
        photoURL: null,
        settings: { categoryTabColor: null, layoutPreference: 'list' },
      },
      permissions: {
        admin: false,
        advertiser: false,
        subscriptionPro: false,
        subscriptionBusiness: false,
        subscriptionEnterprise: false,
      },
      plan: { key: 'free', source: 'free' },
    };
  }

  function route(method: string, url: URL, userId: string | null, body: unknown): Response {
    const path = url.pathname;
    if (method === 'GET' && path === '/api/health') return json(200, { ok: true });
    if (method === 'POST' && path === '/api/auth/login') {
      const { email, password } = body as { email: string; password: string };
      const user = users.find((u) => u.email === email && u.password === password);
      if (!user) return error(401, 'invalid_credentials', authMessages.invalidCredentials);
      const token = `token-${user.id}-${++next}-abcdefghijklmnopqrstuvwxyz`;
      tokens.set(token, user.id);
      return json(200, { ...meOf(user), token });
    }
    if (!userId) return error(401, 'unauthenticated', authMessages.notAuthenticated);
    if (method === 'POST' && path === '/api/auth/logout') return json(200, { ok: true });
    if (path.startsWith('/api/groups')) {
      const answer = groupRoute(method, url, userId, body);
      if (answer) return answer;
    }
    if (method === 'POST' && path === '/api/bookmarks') return create(userId, body);
    if (method === 'GET' && path === '/api/bookmarks/lookup') {
      const wanted = normaliseLink(url.searchParams.get('url') ?? '');
      const found = mine(userId).find((b) => normaliseLink(b.link) === wanted);
      return json(200, { bookmark: found ? strip(found) : null });
    }
    if (method === 'GET' && path === '/api/bookmarks') {
      const items = mine(userId).reverse().map(strip);
      return json(200, { items, total: items.length, page: 1, pageSize: 25 });
    }
    // 'Check now': the link works again, so the row loses its badge.
    const check = /^\/api\/bookmarks\/([^/]+)\/check$/.exec(path);
    const checked = check ? bookmarks.get(check[1]!) : undefined;
    if (method === 'POST' && checked && checked.userId === userId) {
      bookmarks.set(checked.id, { ...checked, health: undefined });
      return json(200, { health: 'ok', status: 200, finalUrl: null, checkedAt: new Date().toISOString() });
    }
    // The Reader view: as the server, 404 before there is a copy and for another user's bookmark.
    const read = /^\/api\/bookmarks\/([^/]+)\/copy$/.exec(path);
    if (method === 'GET' && read) {
      const copy = bookmarks.get(read[1]!)?.userId === userId ? copies.get(read[1]!) : undefined;
      return copy ? json(200, copy) : error(404, 'not_found', copyMessages.noCopy);
    }
    // A page sent for its copy: as the server, 404 for another user's bookmark, 409 for another address.
    if (method === 'PUT' && read) {
      const target = bookmarks.get(read[1]!);
      if (!target || target.userId !== userId) return error(404, 'not_found', bookmarkMessages.notFound);
      if (refuseSentPages)
        return error(refuseSentPages, 'internal', 'Something went wrong on our side. Please try again.');
      const page = body as SentPage;
      if (normaliseLink(page.url) !== normaliseLink(target.link))
        return error(409, 'wrong_page', copyMessages.notThisPage, 'url');
      sentPages.set(target.id, [...(sentPages.get(target.id) ?? []), page]);
      return json(200, { stored: true });
    }
    const one = /^\/api\/bookmarks\/([^/]+)$/.exec(path);
    const own = one ? bookmarks.get(one[1]!) : undefined;
    if (one && (!own || own.userId !== userId)) return error(404, 'not_found', bookmarkMessages.notFound);
    if (method === 'DELETE' && own) {
      bookmarks.delete(own.id);
      trash.set(own.id, own);
      return json(200, { ok: true });
    }
    // As the server: one whose page was saved again since stays in the trash.
    if (method === 'POST' && path === '/api/trash/restore') {
      let restored = 0;
      const savedAgain: { id: string; title: string; savedAgainAs: string }[] = [];
      for (const id of (body as { ids: string[] }).ids) {
        const b = trash.get(id);
        if (!b || b.userId !== userId) continue;
        const holder = mine(userId).find((o) => normaliseLink(o.link) === normaliseLink(b.link));
        if (holder) savedAgain.push({ id, title: b.title, savedAgainAs: holder.id });
        else {
          trash.delete(id);
          bookmarks.set(id, b);
          restored++;
        }
      }
      return json(200, { restored, savedAgain });
    }
    if (method === 'PATCH' && own) {
      const changed = { ...own, ...(body as object), updatedAt: new Date().toISOString() };
      bookmarks.set(own.id, changed);
      return json(200, strip(changed));
    }
    if (method === 'GET' && path === '/api/categories') {
      const counts = new Map<string, number>();
      for (const b of mine(userId)) counts.set(b.category, (counts.get(b.category) ?? 0) + 1);
      return json(200, { items: [...counts].sort().map(([name, count]) => ({ name, count })) });
    }
    if (method === 'GET' && path === '/api/categories/suggested') return json(200, { items: ['News', 'Technology'] });
    if (method === 'POST' && path === '/api/pages/preview') {
      const title = pageTitles.get((body as { url: string }).url) ?? null;
      return json(200, { title, rssFeed: null, screenshot: false });
    }
    if (method === 'POST' && path === '/api/import') return runImport(userId, body as ImportBody);
    const progress = /^\/api\/import\/(.+)$/.exec(path);
    if (method === 'GET' && progress) {
      const found = imports.get(progress[1]!);
      return found ? json(200, found) : error(404, 'not_found', importMessages.notFound);
    }
    return error(404, 'not_found', `No fake route for ${method} ${path}`);
  }

  interface ImportBody {
    overwrite: boolean;
    items: { title: string; url: string; folder: string[] }[];
  }

  function runImport(userId: string, body: ImportBody): Response {
    let imported = 0;
    // As the real server: one link per address, the later copies counted as merged duplicates.
    const seen = new Set<string>();
    const items: ImportBody['items'] = [];
    for (const item of body.items) {
      const key = normaliseLink(item.url);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
    // Each link saved as a save would be: those answers stay inside the import, unchecked as answers to it.
    const outer = answering;
    answering = null;
    try {
      for (const item of items) {
        const category = item.folder.at(-1) ?? 'Uncategorized';
        const res = create(userId, { link: item.url, title: item.title || domainOf(item.url), category });
        if (res.status === 201) imported++;
      }
    } finally {
      answering = outer;
    }
    const jobId = `job-${imports.size + 1}`;
    const counts = {
      total: items.length,
      imported,
      skippedExisting: items.length - imported,
      duplicatesInFile: body.items.length - items.length,
    };
    const result: ImportResult = {
      jobId,
      ...counts,
      overwritten: 0,
      skippedNotWeb: 0,
      skippedTooLong: 0,
      folders: new Set(body.items.flatMap((i) => i.folder)).size,
      message: importOutcome(counts, body.overwrite, 'browser').title,
    };
    const total = items.length;
    // As the real server: the job answers at once (202), and is found done when asked next.
    imports.set(jobId, { jobId, status: 'done', phase: 'done', total, processed: total, result, error: null });
    return json(202, { jobId, status: 'running', phase: 'saving', total, processed: 0, result: null, error: null });
  }

  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const method = init.method ?? 'GET';
    requests.push({ method, path: url.pathname + url.search, headers, credentials: init.credentials, body });
    // What fetch does when nothing listens at the address.
    if (!online || url.origin !== origin) throw new TypeError('Failed to fetch');
    // Accepted and not answered: only the caller's abort (its deadline), a dropped connection or a
    // late answer ends it.
    if (hanging || (holdingSentPages && method === 'PUT' && url.pathname.endsWith('/copy')))
      return new Promise<Response>((resolve, reject) => {
        const signal = init.signal;
        const entry = {
          drop: reject,
          answer: () => resolve(answer(url, headers, method, body)),
        };
        hung.push(entry);
        signal?.addEventListener(
          'abort',
          () => {
            hung.splice(hung.indexOf(entry), 1);
            reject(signal.reason);
          },
          { once: true },
        );
      });
    return answer(url, headers, method, body);
  };

  function answer(url: URL, headers: Record<string, string>, method: string, body: unknown): Response {
    answering = { method, url: url.href };
    try {
      return answerChecked(url, headers, method, body);
    } finally {
      answering = null;
    }
  }

  function answerChecked(url: URL, headers: Record<string, string>, method: string, body: unknown): Response {
    const version = headers[extensionVersionHeader];
    if (version !== undefined && !isSupportedExtensionVersion(version, state.minimumVersion))
      return error(426, 'extension_outdated', extensionMessages.outdated);
    // A proxy or CDN in front of the server: an HTML page, not the API's error shape.
    const page = pages.shift();
    if (page)
      return new Response(`<html><body><h1>${page}</h1></body></html>`, {
        status: page,
        headers: { 'content-type': 'text/html' },
      });
    const failure = failures.shift();
    // As the server fails: a bug (500 internal), or its database gone (503).
    if (failure)
      return failure === 503
        ? error(503, 'database_unavailable', 'The database does not answer')
        : error(failure, 'internal', 'Something went wrong on our side. Please try again.');
    const auth = headers.Authorization ?? headers.authorization;
    const userId = auth?.startsWith('Bearer ') ? (tokens.get(auth.slice(7)) ?? null) : null;
    return route(method, url, userId, body);
  }

  return {
    origin,
    fetch,
    requests,
    state,
    setOnline(value: boolean) {
      online = value;
    },
    /** From now on requests are accepted and never answered (true), or answered again (false). */
    hang(value: boolean) {
      hanging = value;
    },
    /** Ends the requests left hanging as a dropped connection does (a server restart). */
    dropHung() {
      for (const { drop } of hung.splice(0)) drop(new TypeError('Failed to fetch'));
    },
    /** Answers the requests left hanging after all, as a server that was only slow. */
    answerHung() {
      for (const { answer } of hung.splice(0)) answer();
    },
    /** The next requests answer these statuses instead (e.g. 500, 503). */
    failNext(...statuses: number[]) {
      failures = statuses;
    },
    /** The next requests get a proxy's HTML error page with these statuses (e.g. 403, 404) instead. */
    pageNext(...statuses: number[]) {
      pages = statuses;
    },
    /** Ends every session, as an expiry or a sign-out elsewhere does. */
    revokeTokens() {
      tokens.clear();
    },
    titleOf(url: string, title: string) {
      pageTitles.set(url, title);
    },
    /** A bookmark saved elsewhere (the web app), straight into the store. */
    seed(values: { link: string; title: string; category: string }, userId = 'u1') {
      return create(userId, values).json() as Promise<Bookmark>;
    },
    stored: (userId = 'u1') => mine(userId).map(strip),
    /** The readable copy the crawler kept of a stored bookmark's page (features/copies). */
    setCopy(id: string, copy: Copy) {
      copies.set(id, copy);
    },
    /** The pages the extension sent for a bookmark's copy (PUT /api/bookmarks/:id/copy), oldest first. */
    sentPages: (id: string) => sentPages.get(id) ?? [],
    /** Every page sent for a copy, of any bookmark. */
    allSentPages: () => [...sentPages.values()].flat(),
    /** The next sent pages are answered with this error status (500), or taken again (null). */
    refuseSentPages(status: number | null) {
      refuseSentPages = status;
    },
    /** Sent pages are taken and left unanswered (true) until `answerHung`, as `hang` does for all. */
    holdSentPages(value: boolean) {
      holdingSentPages = value;
    },
    /** What the link checks found of a stored bookmark (features/link-health). */
    setHealth(id: string, health: Bookmark['health']) {
      const b = bookmarks.get(id);
      if (b) bookmarks.set(id, { ...b, health });
    },
    /** A workspace group made on the web; `members` are active members' user ids. */
    seedGroup(name: string, ownerId = 'u1', members: string[] = []) {
      const id = `g${groups.size + 1}`;
      groups.set(id, { id, name, ownerId, members });
      return id;
    },
    /** A link an owner added to a group on the web. */
    seedGroupLink(groupId: string, values: { link: string; title: string; category?: string }) {
      const owner = groups.get(groupId)!.ownerId;
      groupRoute('POST', new URL(`${origin}/api/groups/${groupId}/links`), owner, values);
    },
    groupLinks: (groupId: string) => groupLinks.filter((l) => l.groupId === groupId),
    count: (pathStart: string, method = 'GET') =>
      requests.filter((r) => r.method === method && r.path.startsWith(pathStart)).length,
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;
