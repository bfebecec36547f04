import { ApiError, createUncheckedApiClient, type ApiClient } from '@linkhive/shared/api';
import {
  bookmarkAnswerSchema,
  bookmarkLookupAnswerSchema,
  bookmarkPageAnswerSchema,
  linkHealthSchema,
  categoriesAnswerSchema,
  extensionMessages,
  extensionVersionHeader,
  importProgressAnswerSchema,
  okAnswerSchema,
  pagePreviewAnswerSchema,
  restoredSchema,
  sentPageAnswerSchema,
  suggestedCategoriesAnswerSchema,
  tokenLoginAnswerSchema,
  type Bookmark,
  type BookmarkListQuery,
  type CreateBookmarkInput,
  type GroupLinkInput,
  type GroupLinkListQuery,
  type JsonImportInput,
  type LoginInput,
  type SentPage,
  type UpdateBookmarkInput,
} from '@linkhive/shared/domain';
import type { z } from 'zod';
import type { Platform } from '../platform/browser';
import { addedGroupLinkAnswerSchema, groupLinkPageAnswerSchema, groupListAnswerSchema } from './groupAnswers';
import { copyAnswerSchema } from './copyAnswers';
import { currentAccount, endSession, readAuth, storeSession, type Account, type SignedIn } from './auth';
import { clearHandshake, handshakeFor, handshakeKey, isTooOld, noteTooOld } from './handshake';
import type { SaveOwner } from './queue';

export interface ExtensionApiOptions {
  /** The network; unit tests pass a fake server here. */
  fetch?: typeof fetch;
  /** Every request's deadline; by default shared/api's (15 s), or what `requestTimeoutKey` holds. */
  timeoutMs?: number;
}

/**
 * Local storage key of a request deadline in milliseconds, for a server behind a slow link (and for
 * end-to-end tests, which cannot wait out the default). Absent: the client's default.
 */
export const requestTimeoutKey = 'requestTimeoutMs';

/**
 * The extension's only way to the server: shared/api with the bearer token, the version header and
 * no cookies. Every answer is parsed with the shared schema; a shape this version does not know
 * becomes 'please update' instead of a broken screen, and a 401 on a token we sent ends the session
 * in storage so that every screen asks the user to sign in again.
 */
export function createExtensionApi(p: Platform, options: ExtensionApiOptions = {}) {
  /** A save passes the account it read once; any other call reads the current one. */
  async function connection(given?: Account) {
    const [account, stored] = await Promise.all([
      given ?? currentAccount(p),
      p.storage.local.getMany([requestTimeoutKey, handshakeKey]),
    ]);
    const timeout = stored[requestTimeoutKey];
    // Each answer is parsed below with this version's lenient schemas (derived from the contract's).
    const client = createUncheckedApiClient({
      baseUrl: account.serverUrl,
      getToken: () => account.token ?? undefined,
      headers: { [extensionVersionHeader]: p.version() },
      credentials: 'omit',
      fetch: options.fetch,
      timeoutMs: typeof timeout === 'number' && timeout > 0 ? timeout : options.timeoutMs,
    });
    const refused = handshakeFor(stored[handshakeKey], account.serverUrl) !== null;
    return { account, client, refused };
  }

  /**
   * Runs a request and keeps what it says about this version (see core/handshake): a refusal is
   * noted; an answer this version reads, from a server that had refused it, clears the note.
   */
  async function handshake<T, R>(
    { account, client, refused }: Awaited<ReturnType<typeof connection>>,
    run: (client: ApiClient) => Promise<T>,
    /** The answer read with this version's schema; undefined when it cannot be read. */
    read: (answer: T) => R | undefined,
  ): Promise<R> {
    let answer: T;
    try {
      answer = await run(client);
    } catch (e) {
      if (isTooOld(e)) await noteTooOld(p, account.serverUrl, e.message);
      throw e;
    }
    const parsed = read(answer);
    if (parsed === undefined) {
      await noteTooOld(p, account.serverUrl, extensionMessages.unexpectedAnswer);
      throw new ApiError(0, 'unexpected_answer', extensionMessages.unexpectedAnswer);
    }
    if (refused) await clearHandshake(p);
    return parsed;
  }

  async function call<S extends z.ZodType>(
    schema: S,
    run: (client: ApiClient) => Promise<unknown>,
    given?: Account,
    /** Send only with this server and user's session (a queued save); otherwise it waits for a sign-in. */
    owner?: SaveOwner,
  ) {
    const link = await connection(given);
    const { serverUrl, token } = link.account;
    if (owner && (owner.serverUrl !== serverUrl || (owner.userId !== null && owner.userId !== link.account.userId)))
      throw new ApiError(401, 'other_account', extensionMessages.signInToSave);
    try {
      const data = await handshake(link, run, (answer) => {
        const parsed = schema.safeParse(answer);
        return parsed.success ? (parsed.data as z.output<S>) : undefined;
      });
      return { data, serverUrl };
    } catch (e) {
      if (e instanceof ApiError && e.status === 401 && token) {
        // Only the session whose token was refused: a newer sign-in meanwhile stays.
        const { session: current } = await readAuth(p);
        if (current?.token === token) await endSession(p, 'expired');
        throw new ApiError(401, 'session_ended', extensionMessages.sessionEnded);
      }
      throw e;
    }
  }

  // Site icons are served by our server at a path; extension pages need the full address.
  const absolute = (b: Bookmark, serverUrl: string): Bookmark => ({
    ...b,
    faviconUrl: b.faviconUrl ? new URL(b.faviconUrl, `${serverUrl}/`).href : '',
    screenshot: b.screenshot ? new URL(b.screenshot, `${serverUrl}/`).href : null,
  });
  const one = async (run: (client: ApiClient) => Promise<unknown>, account?: Account, owner?: SaveOwner) => {
    const { data, serverUrl } = await call(bookmarkAnswerSchema, run, account, owner);
    return absolute(data, serverUrl);
  };

  return {
    async signIn(values: LoginInput): Promise<SignedIn> {
      const link = await connection();
      const { token, user } = await handshake(
        link,
        (client) => client.auth.login(values, { token: true }),
        (answer) => tokenLoginAnswerSchema.safeParse(answer).data,
      );
      const { serverUrl } = link.account;
      const session = { token, userId: user.id, email: user.email, firstName: user.firstName, serverUrl };
      await storeSession(p, session);
      return session;
    },
    /** Ends the session here whatever the server says: signing out must always work offline too. */
    async signOut(): Promise<void> {
      try {
        await call(okAnswerSchema, (c) => c.auth.logout());
      } catch {
        // The token is forgotten below; on the server it expires by itself.
      }
      await endSession(p, null);
    },
    health: async () => (await call(okAnswerSchema, (c) => c.health())).data,
    lookup: async (url: string, account?: Account) => {
      const { data, serverUrl } = await call(bookmarkLookupAnswerSchema, (c) => c.bookmarks.lookup(url), account);
      return data.bookmark ? absolute(data.bookmark, serverUrl) : null;
    },
    /** A save passes the account it read for itself and the owner of the queued save it sends. */
    create: (values: CreateBookmarkInput, account?: Account, owner?: SaveOwner) =>
      one((c) => c.bookmarks.create(values), account, owner),
    update: (id: string, changes: UpdateBookmarkInput, account?: Account) =>
      one((c) => c.bookmarks.update(id, changes), account),
    /** Moves the bookmark to the trash (restorable: `restore`). */
    remove: async (id: string) => (await call(okAnswerSchema, (c) => c.bookmarks.remove(id))).data,
    /** Undo of a delete: puts bookmarks back from the trash, unless their page was saved again since. */
    restore: async (ids: string[]) => (await call(restoredSchema, (c) => c.trash.restore(ids))).data,
    /** The page's readable copy (the side panel's Reader view); 404 (ApiError) before there is one. */
    copy: async (id: string) => (await call(copyAnswerSchema, (c) => c.bookmarks.copy(id))).data,
    /**
     * The page a save was made of, as the browser shows it: kept by the server as the bookmark's
     * readable copy. Its answer says only whether a copy was kept, which nothing shows.
     */
    sendCopy: async (id: string, page: SentPage) =>
      (await call(sentPageAnswerSchema.catch({ stored: false }), (c) => c.bookmarks.sendCopy(id, page))).data,
    /** 'Check now': the link checked again, and its health. */
    checkLink: async (id: string) => (await call(linkHealthSchema, (c) => c.bookmarks.checkLink(id))).data,
    list: async (query: BookmarkListQuery) => {
      const { data, serverUrl } = await call(bookmarkPageAnswerSchema, (c) => c.bookmarks.list(query));
      return { ...data, items: data.items.map((b) => absolute(b, serverUrl)) };
    },
    categories: async () => (await call(categoriesAnswerSchema, (c) => c.categories.list())).data.items,
    suggested: async () => (await call(suggestedCategoriesAnswerSchema, (c) => c.categories.suggested())).data.items,
    preview: async (url: string, signal?: AbortSignal) =>
      (await call(pagePreviewAnswerSchema, (c) => c.pages.preview(url, { signal }))).data,
    importItems: async (body: JsonImportInput) =>
      (await call(importProgressAnswerSchema, (c) => c.imports.fromItems(body))).data,
    importProgress: async (jobId: string) =>
      (await call(importProgressAnswerSchema, (c) => c.imports.progress(jobId))).data,
    /** The workspace groups the user owns or is an active member of, owned first. */
    groups: async () => (await call(groupListAnswerSchema, (c) => c.groups.list())).data.items,
    groupLinks: async (groupId: string, query: GroupLinkListQuery = {}) =>
      (await call(groupLinkPageAnswerSchema, (c) => c.groups.links(groupId, query))).data,
    /** Answers the server's success text ('Domain added successfully') beside the link. */
    addGroupLink: async (groupId: string, body: GroupLinkInput) =>
      (await call(addedGroupLinkAnswerSchema, (c) => c.groups.addLink(groupId, body))).data,
  };
}

export type ExtensionApi = ReturnType<typeof createExtensionApi>;
