import type {
  CreateGroupInput,
  GroupLinkInput,
  GroupLinkListQuery,
  UpdateGroupLinkInput,
  CreatePostInput,
  AdminPermissionsInput,
  CreateAdvertInput,
  UpdateAdvertInput,
  BookmarkListQuery,
  CreateBookmarkInput,
  FeedListQuery,
  UpdateBookmarkInput,
  UpdateProfileInput,
  ForgotInput,
  JsonImportInput,
  LoginInput,
  ResetInput,
  SignupInput,
  SentPage,
  MergeInput,
  CreateApiToken,
} from '../domain/index.js';
import { importMessages } from '../domain/messages.js';
import {
  ApiError,
  networkErrorMessage,
  timeoutMessage,
  toApiError,
  unexpectedAnswerMessage,
} from '../domain/apiError.js';
import type { AnswerOf, EndpointDefinition, InputOf, contract } from '../contract/index.js';
import { pathOf, queryString } from '../contract/paths.js';
import { routes } from '../contract/routes.js';

type Contract = typeof contract;

/** contract.groups.events's path, wanted at once (an EventSource's address); a test keeps them equal. */
export const groupEventsPath = '/api/groups/events';
/** An endpoint named by its feature and name in the contract, whose part is loaded on first use (below). */
type Feature = keyof Contract;
type EndpointOf<F extends Feature, N extends keyof Contract[F]> = Contract[F][N] extends EndpointDefinition
  ? Contract[F][N]
  : never;

/**
 * Each feature's part of the contract with its zod schemas, loaded on its first use rather than with
 * the page: a page's first paint needs none of it (issue 28 put about 38 kB gzip of schemas and zod
 * on the landing page's first load when the contract was a static import), and a page that reads
 * plans needs the plans' schemas, not the groups'. Every call is async anyway. Typed against the
 * whole contract, so a feature added there and not here does not compile.
 */
const featureLoaders: { [F in Feature]: () => Promise<Contract[F]> } = {
  health: () => import('../contract/health.js').then((m) => m.healthContract),
  auth: () => import('../contract/auth.js').then((m) => m.authContract),
  bookmarks: () => import('../contract/bookmarks.js').then((m) => m.bookmarksContract),
  copies: () => import('../contract/copies.js').then((m) => m.copiesContract),
  linkHealth: () => import('../contract/link-health.js').then((m) => m.linkHealthContract),
  trash: () => import('../contract/trash.js').then((m) => m.trashContract),
  duplicates: () => import('../contract/duplicates.js').then((m) => m.duplicatesContract),
  tokens: () => import('../contract/tokens.js').then((m) => m.tokensContract),
  pages: () => import('../contract/pages.js').then((m) => m.pagesContract),
  import: () => import('../contract/import.js').then((m) => m.importContract),
  export: () => import('../contract/import.js').then((m) => m.exportContract),
  feeds: () => import('../contract/feeds.js').then((m) => m.feedsContract),
  recommendations: () => import('../contract/recommendations.js').then((m) => m.recommendationsContract),
  favicons: () => import('../contract/favicons.js').then((m) => m.faviconsContract),
  extension: () => import('../contract/extension.js').then((m) => m.extensionContract),
  plans: () => import('../contract/plans.js').then((m) => m.plansContract),
  profile: () => import('../contract/profile.js').then((m) => m.profileContract),
  adverts: () => import('../contract/adverts.js').then((m) => m.advertsContract),
  admin: () => import('../contract/admin.js').then((m) => m.adminContract),
  promo: () => import('../contract/promo.js').then((m) => m.promoContract),
  groups: () => import('../contract/groups.js').then((m) => m.groupsContract),
  billing: () => import('../contract/billing.js').then((m) => m.billingContract),
  docs: () => import('../contract/docs.js').then((m) => m.docsContract),
};
const loadedFeatures = new Map<Feature, Promise<unknown>>();
function loadFeature<F extends Feature>(feature: F): Promise<Contract[F]> {
  let loading = loadedFeatures.get(feature) as Promise<Contract[F]> | undefined;
  if (!loading) {
    loading = featureLoaders[feature]().catch(() => {
      // A chunk that did not arrive (the network): the call fails as a network failure, and the
      // next call tries to load it again.
      loadedFeatures.delete(feature);
      throw new ApiError(0, 'network_error', networkErrorMessage);
    });
    loadedFeatures.set(feature, loading);
  }
  return loading;
}
/** An endpoint as a client that parses its answers itself needs it: its method and path, no schema. */
type Route = Pick<EndpointDefinition, 'method' | 'path'> & Partial<Pick<EndpointDefinition, 'answers'>>;
const routeOf = (feature: string, name: string): Route =>
  (routes as Record<string, Record<string, Route>>)[feature]![name]!;

export {
  ApiError,
  networkErrorMessage,
  timeoutMessage,
  toApiError,
  unexpectedAnswerMessage,
} from '../domain/apiError.js';

/** What a call of an endpoint gives: its path parameters, query and body, as their schemas read them. */
export type CallInput<E extends EndpointDefinition> = {
  params?: InputOf<E>['params'];
  query?: InputOf<E>['query'];
  body?: InputOf<E>['body'];
};

/**
 * How long a request may take, answer included, before the client gives it up. A server (or a proxy)
 * that accepts the connection and never answers would otherwise hold the caller forever: a save
 * spinning, every later save waiting behind it.
 */
export const defaultRequestTimeoutMs = 15_000;
/** Uploads carry whole files over links that may be slow: a longer deadline, still a deadline. */
export const defaultUploadTimeoutMs = 120_000;
/** Calls that fetch many outside sites on the server (a refresh of every feed) before answering. */
export const slowRequestTimeoutMs = 60_000;

/** What one call may add: the caller's own cancel, and a deadline of its own. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's deadline for this call; 0 means none (a caller that aborts by itself). */
  timeoutMs?: number;
}

export interface ApiClientOptions {
  /** '' for the same origin (the web app); the server address for the extension. */
  baseUrl?: string;
  /** A bearer token for clients without cookies (the extension). */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Extra headers on every request, such as the extension's version. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /**
   * 'include' by default (the web app's cookie). The extension sends 'omit': its bearer token is its
   * only credential, and a web app cookie for the same server must not ride along.
   */
  credentials?: RequestCredentials;
  /** The deadline of every request, in milliseconds (defaultRequestTimeoutMs); 0 means none. */
  timeoutMs?: number;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export interface UploadOptions {
  /** Bytes sent so far, for a progress bar. */
  onUploadProgress?: (sent: number, total: number) => void;
  /** The last byte is sent: from then on the server is reading. */
  onUploaded?: () => void;
  signal?: AbortSignal;
  /** The upload's deadline (defaultUploadTimeoutMs); 0 means none. */
  timeoutMs?: number;
  /** What a status means when the answer is not the server's own error (a proxy's page). */
  fallbacks?: Partial<Record<number, ApiError>>;
}

/** The client of the web app: every answer is parsed with its endpoint's contract schema. */
export const createApiClient = (options: ApiClientOptions = {}) => createClient(options, loadFeature);

/**
 * The client of a caller that parses each answer itself: the extension, with lenient schemas
 * derived from the contract's (domain/extension.ts). It knows only each endpoint's method and path
 * (routes.ts), so a bundle that uses only this one carries none of the contract's schemas.
 */
export const createUncheckedApiClient = (options: ApiClientOptions = {}) => createClient(options, null);

function createClient(options: ApiClientOptions, contractOf: typeof loadFeature | null) {
  /**
   * The endpoint: from the contract when answers are checked, loaded before the request is sent
   * (a contract that cannot load must not leave a write done and reported as failed); else its route.
   */
  async function endpointOf<F extends Feature, N extends keyof Contract[F]>(feature: F, name: N) {
    if (!contractOf) return routeOf(feature, name as string) as EndpointOf<F, N>;
    return (await contractOf(feature))[name] as EndpointOf<F, N>;
  }

  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  /**
   * The caller's signal joined with a deadline; `expired` tells a deadline from the caller's cancel.
   * A timer and a controller of its own rather than AbortSignal.any, which older Safari lacks;
   * `done` clears the timer once the answer is read.
   */
  function deadline(init: CallOptions, fallbackMs: number) {
    const ms = init.timeoutMs ?? options.timeoutMs ?? fallbackMs;
    if (!ms) return { signal: init.signal, expired: () => false, done: () => {} };
    const controller = new AbortController();
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      controller.abort(new DOMException('The server did not answer in time', 'TimeoutError'));
    }, ms);
    const cancel = () => controller.abort(init.signal!.reason);
    if (init.signal?.aborted) cancel();
    else init.signal?.addEventListener('abort', cancel, { once: true });
    return {
      signal: controller.signal,
      expired: () => expired && !init.signal?.aborted,
      done: () => {
        clearTimeout(timer);
        init.signal?.removeEventListener('abort', cancel);
      },
    };
  }

  /** One request: the answer's status and parsed JSON, or the server's error as an ApiError. */
  async function exchange(
    method: string,
    path: string,
    body?: unknown,
    init: CallOptions = {},
  ): Promise<{ status: number; data: unknown }> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const token = await options.getToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    const { signal, expired, done } = deadline(init, isForm ? defaultUploadTimeoutMs : defaultRequestTimeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        credentials: options.credentials ?? 'include',
        signal,
      });
      // The deadline covers the answer's body too: a server may send its headers and then stall.
      text = await res.text();
    } catch (e) {
      if (expired()) throw new ApiError(0, 'timeout', timeoutMessage);
      if (init.signal?.aborted) throw e;
      throw new ApiError(0, 'network_error', networkErrorMessage);
    } finally {
      done();
    }
    const data = text ? safeJson(text) : undefined;
    if (!res.ok) throw toApiError(res.status, data);
    return { status: res.status, data };
  }

  /**
   * The answer as its endpoint's contract declares it: parsed with the schema of its status, so a
   * shape the server should not send fails here as 'unexpected_answer' instead of deep in a screen.
   * A client that parses answers itself (createUncheckedApiClient: its endpoints carry no answers)
   * gets the data as the contract types it.
   */
  function answerOf<E extends Route>(e: E, status: number, data: unknown): AnswerOf<E & EndpointDefinition> {
    if (!e.answers) return data as AnswerOf<E & EndpointDefinition>;
    const declared = e.answers[status];
    const parsed = declared && 'safeParse' in declared ? declared.safeParse(data) : null;
    if (!parsed?.success) throw new ApiError(status, 'unexpected_answer', unexpectedAnswerMessage);
    return parsed.data as AnswerOf<E & EndpointDefinition>;
  }

  /** A multipart form to an upload endpoint, over fetch: for small files that need no progress. */
  async function send<F extends Feature, N extends keyof Contract[F]>(
    feature: F,
    name: N,
    params: CallInput<EndpointOf<F, N>>['params'],
    form: FormData,
  ): Promise<AnswerOf<EndpointOf<F, N>>> {
    const e = await endpointOf(feature, name);
    const { status, data } = await exchange(e.method, pathOf(e, params as Record<string, string> | undefined), form);
    return answerOf(e, status, data);
  }

  /**
   * Calls an endpoint of the contract with its path parameters, query and body. A read goes out at
   * once and loads its endpoint's schemas only for an answer to check: the session read of an
   * anonymous first visit (401) never loads the contract and zod, which were about 40 kB gzip of
   * every public page's first load. A write waits for them before it goes (endpointOf says why).
   */
  async function call<F extends Feature, N extends keyof Contract[F]>(
    feature: F,
    name: N,
    input: CallInput<EndpointOf<F, N>> = {},
    init: CallOptions = {},
  ): Promise<AnswerOf<EndpointOf<F, N>>> {
    const route = routeOf(feature, name as string);
    const read = route.method === 'GET';
    const endpoint = read ? null : await endpointOf(feature, name);
    const path =
      pathOf(route, input.params as Record<string, string> | undefined) + queryString(input.query ?? undefined);
    // A write with nothing to say still sends an empty JSON object, as the server's JSON reader expects.
    const body = input.body ?? (read || route.method === 'DELETE' ? undefined : {});
    const { status, data } = await exchange(route.method, path, body, init);
    return answerOf(endpoint ?? (await endpointOf(feature, name)), status, data);
  }

  /**
   * A multipart upload that reports the bytes sent, which fetch cannot: an XMLHttpRequest where
   * there is one (pages), fetch elsewhere (a service worker, tests). Same headers and credentials
   * as `request`, and the same errors.
   */
  async function upload<F extends Feature, N extends keyof Contract[F]>(
    feature: F,
    name: N,
    params: CallInput<EndpointOf<F, N>>['params'],
    form: FormData,
    opts: UploadOptions = {},
  ): Promise<AnswerOf<EndpointOf<F, N>>> {
    const e = await endpointOf(feature, name);
    const path = pathOf(e, params as Record<string, string> | undefined);
    if (typeof XMLHttpRequest === 'undefined') {
      const { status, data } = await exchange(e.method, path, form, {
        signal: opts.signal,
        timeoutMs: opts.timeoutMs ?? options.timeoutMs ?? defaultUploadTimeoutMs,
      });
      opts.onUploaded?.();
      return answerOf(e, status, data);
    }
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const token = options.getToken ? await options.getToken() : undefined;
    if (token) headers.Authorization = `Bearer ${token}`;
    return new Promise<AnswerOf<EndpointOf<F, N>>>((resolve, reject) => {
      const aborted = () => new DOMException('The upload was cancelled', 'AbortError');
      if (opts.signal?.aborted) return reject(aborted());
      const xhr = new XMLHttpRequest();
      xhr.open(e.method, `${baseUrl}${path}`);
      xhr.withCredentials = (options.credentials ?? 'include') === 'include';
      xhr.timeout = opts.timeoutMs ?? options.timeoutMs ?? defaultUploadTimeoutMs;
      xhr.ontimeout = () => reject(new ApiError(0, 'timeout', timeoutMessage));
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => opts.onUploadProgress?.(e.loaded, e.lengthComputable ? e.total : e.loaded);
      xhr.upload.onload = () => opts.onUploaded?.();
      xhr.onload = () => {
        const data = xhr.responseText ? safeJson(xhr.responseText) : undefined;
        if (xhr.status < 200 || xhr.status >= 300) return reject(toApiError(xhr.status, data, opts.fallbacks));
        try {
          resolve(answerOf(e, xhr.status, data));
        } catch (err) {
          reject(err);
        }
      };
      xhr.onerror = () => reject(new ApiError(0, 'network_error', networkErrorMessage));
      xhr.onabort = () => reject(aborted());
      opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  }

  return {
    call,
    health: () => call('health', 'health'),
    auth: {
      signup: (body: SignupInput) => call('auth', 'signup', { body }),
      login: (body: LoginInput, opts: { token?: boolean } = {}) =>
        call('auth', 'login', { body, query: opts.token ? { mode: 'token' } : {} }),
      logout: () => call('auth', 'logout'),
      me: () => call('auth', 'me'),
      forgot: (body: ForgotInput) => call('auth', 'forgot', { body }),
      reset: (body: ResetInput) => call('auth', 'reset', { body }),
      verify: (oobCode: string) => call('auth', 'verify', { body: { oobCode } }),
      resendVerification: () => call('auth', 'resendVerification'),
    },
    bookmarks: {
      list: (query: BookmarkListQuery = {}) => call('bookmarks', 'list', { query: listQuery(query) }),
      get: (id: string) => call('bookmarks', 'get', { params: { id } }),
      /** Websites related to a bookmark's site (paid plans); `region` is two letters ('gb'). */
      recommendations: (id: string, query: { region?: string } = {}) =>
        call('recommendations', 'forBookmark', { params: { id }, query }),
      create: (body: CreateBookmarkInput) => call('bookmarks', 'create', { body }),
      update: (id: string, body: UpdateBookmarkInput) => call('bookmarks', 'update', { params: { id }, body }),
      remove: (id: string) => call('bookmarks', 'remove', { params: { id } }),
      removeMany: (ids: string[]) => call('bookmarks', 'removeMany', { body: { ids } }),
      refreshScreenshot: (id: string) => call('bookmarks', 'refreshScreenshot', { params: { id } }),
      /** The user's bookmark of this address (same rules as the duplicate check), or null. */
      lookup: (url: string) => call('bookmarks', 'lookup', { query: { url } }),
      /** The page's readable copy; 404 (ApiError) before there is one. */
      copy: (id: string) => call('copies', 'get', { params: { id } }),
      /** The page as the browser shows it, kept as the readable copy (the extension, after a save). */
      sendCopy: (id: string, body: SentPage) => call('copies', 'send', { params: { id }, body }),
      /** Whether the address still leads to its page, as the last check found. */
      health: (id: string) => call('linkHealth', 'get', { params: { id } }),
      /** 'Check now': checks the address and answers its health. */
      checkLink: (id: string) => call('linkHealth', 'check', { params: { id } }),
    },
    /** Deleted bookmarks, restorable until TRASH_DAYS have passed. */
    trash: {
      list: (query: { page?: number; pageSize?: number } = {}) => call('trash', 'list', { query }),
      restore: (ids: string[]) => call('trash', 'restore', { body: { ids } }),
      empty: () => call('trash', 'empty'),
    },
    /** Bookmarks of one page saved under several addresses, and their merge. */
    duplicates: {
      list: (query: { page?: number; pageSize?: number } = {}) => call('duplicates', 'list', { query }),
      merge: (body: MergeInput) => call('duplicates', 'merge', { body }),
    },
    /** Personal API tokens: managed from a signed-in session only. */
    tokens: {
      list: () => call('tokens', 'list'),
      create: (body: CreateApiToken) => call('tokens', 'create', { body }),
      revoke: (id: string) => call('tokens', 'revoke', { params: { id } }),
    },
    imports: {
      /** The extension's import of the browser's bookmarks (JSON); answers the job (202), to follow with `progress`. */
      fromItems: (body: JsonImportInput) => call('import', 'start', { body }),
      progress: (jobId: string) => call('import', 'progress', { params: { jobId } }),
      /**
       * The import page's file, `overwrite` first as the server reads the form while it streams in;
       * answers the job (202). A proxy's own 413 page still reads as the import's size message.
       */
      fromFile: (file: File, overwrite: boolean, opts: Omit<UploadOptions, 'fallbacks'> = {}) => {
        const form = new FormData();
        form.append('overwrite', String(overwrite));
        form.append('file', file, file.name);
        const tooLarge = new ApiError(413, 'too_large', importMessages.tooLarge, 'file');
        return upload('import', 'start', undefined, form, { ...opts, fallbacks: { 413: tooLarge } });
      },
    },
    feeds: {
      /** The merged list; `refresh` asks every source again (conditionally). */
      list: (query: FeedListQuery = {}, init: CallOptions = {}) =>
        call(
          'feeds',
          'list',
          { query: { ...query, refresh: flag(query.refresh) } },
          { timeoutMs: query.refresh ? slowRequestTimeoutMs : undefined, ...init },
        ),
      /** The sources as the server's cache knows them, without fetching any. */
      sources: () => call('feeds', 'sources'),
      loadSource: (id: string, opts: { refresh?: boolean } = {}) =>
        call(
          'feeds',
          'loadSource',
          { params: { id }, body: { refresh: opts.refresh ?? false } },
          { timeoutMs: slowRequestTimeoutMs },
        ),
      refresh: () => call('feeds', 'refresh', {}, { timeoutMs: slowRequestTimeoutMs }),
      /** One bookmark's feed (paid plans). */
      bookmarkFeed: (id: string, query: { page?: number; pageSize?: number; refresh?: boolean } = {}) =>
        call('feeds', 'bookmarkFeed', { params: { id }, query: { ...query, refresh: flag(query.refresh) } }),
      /** A workspace link's feed (paid plans; any member of its group). */
      groupLinkFeed: (
        groupId: string,
        linkId: string,
        query: { page?: number; pageSize?: number; refresh?: boolean } = {},
      ) =>
        call('feeds', 'groupLinkFeed', {
          params: { id: groupId, linkId },
          query: { ...query, refresh: flag(query.refresh) },
        }),
    },
    categories: {
      list: () => call('bookmarks', 'categories'),
      suggested: () => call('bookmarks', 'suggestedCategories'),
    },
    pages: {
      preview: (url: string, init: CallOptions = {}) => call('pages', 'preview', { body: { url } }, init),
    },
    profile: {
      get: () => call('profile', 'get'),
      update: (body: UpdateProfileInput) => call('profile', 'update', { body }),
      uploadPhoto: (file: Blob, name = 'photo.png') => {
        const form = new FormData();
        form.append('file', file, name);
        return send('profile', 'photo', undefined, form);
      },
    },
    adverts: {
      /** Approved adverts, newest first; `q` filters title or description. */
      list: (query: { q?: string } = {}) => call('adverts', 'list', { query }),
      /** The signed-in user's own advert (one per user), or null. */
      mine: () => call('adverts', 'mine'),
      create: (body: CreateAdvertInput) => call('adverts', 'create', { body }),
      update: (id: string, body: UpdateAdvertInput) => call('adverts', 'update', { params: { id }, body }),
      /** PNG only, judged by its bytes; answers the advert with its new image address. */
      uploadImage: (id: string, kind: 'logo' | 'background', file: Blob, opts: UploadOptions = {}) => {
        const form = new FormData();
        form.append('file', file, file instanceof File ? file.name : `${kind}.png`);
        return upload('adverts', kind, { id }, form, opts);
      },
    },
    promo: {
      /** An approved advert's page; `source: 'qr'` counts the visit as a scan of its Connect QR code. */
      page: (slug: string, query: { source?: string } = {}) => call('promo', 'show', { params: { slug }, query }),
      follow: (slug: string) => call('promo', 'follow', { params: { slug } }),
      unfollow: (slug: string) => call('promo', 'unfollow', { params: { slug } }),
      followers: (slug: string) => call('promo', 'followers', { params: { slug } }),
      /** Five a page, newest first; `locked` (and no items) unless the caller follows or owns the page. */
      posts: (slug: string, page = 1) => call('promo', 'posts', { params: { slug }, query: { page } }),
      createPost: (slug: string, body: CreatePostInput) => call('promo', 'createPost', { params: { slug }, body }),
      /** The owner's figures for the last 30 days. */
      stats: (slug: string) => call('promo', 'stats', { params: { slug } }),
    },
    admin: {
      pendingAdverts: () => call('admin', 'pendingAdverts'),
      approveAdvert: (id: string) => call('admin', 'approveAdvert', { params: { id } }),
      rejectAdvert: (id: string) => call('admin', 'rejectAdvert', { params: { id } }),
      setPermissions: (body: AdminPermissionsInput) => call('admin', 'setPermissions', { body }),
      user: (query: { email?: string; id?: string }) => call('admin', 'findUser', { query }),
    },
    groups: {
      /** The groups the user owns or is an active member of, owned first. */
      list: () => call('groups', 'list'),
      create: (body: CreateGroupInput) => call('groups', 'create', { body }),
      rename: (id: string, name: string) => call('groups', 'rename', { params: { id }, body: { name } }),
      remove: (id: string) => call('groups', 'remove', { params: { id } }),
      invite: (id: string, email: string) => call('groups', 'invite', { params: { id }, body: { email } }),
      acceptInvite: (token: string) => call('groups', 'accept', { body: { token } }),
      members: (id: string) => call('groups', 'members', { params: { id } }),
      /** `memberId` is the member's user id, or the row's id for a pending invitation. */
      removeMember: (id: string, memberId: string) => call('groups', 'removeMember', { params: { id, memberId } }),
      leave: (id: string) => call('groups', 'leave', { params: { id } }),
      links: (id: string, query: GroupLinkListQuery = {}, init: CallOptions = {}) =>
        call('groups', 'links', { params: { id }, query }, init),
      addLink: (id: string, body: GroupLinkInput) => call('groups', 'addLink', { params: { id }, body }),
      updateLink: (id: string, linkId: string, body: UpdateGroupLinkInput) =>
        call('groups', 'updateLink', { params: { id, linkId }, body }),
      deleteLink: (id: string, linkId: string) => call('groups', 'deleteLink', { params: { id, linkId } }),
      /** The group's deleted links (the owner's), restorable until TRASH_DAYS have passed. */
      trash: (id: string, query: { page?: number; pageSize?: number } = {}) =>
        call('groups', 'trash', { params: { id }, query }),
      restoreLinks: (id: string, ids: string[]) => call('groups', 'restoreLinks', { params: { id }, body: { ids } }),
      moveLink: (id: string, linkId: string, groupId: string) =>
        call('groups', 'moveLink', { params: { id, linkId }, body: { groupId } }),
      /** The live-update stream's address (Server-Sent Events); see GroupEvent. */
      eventsUrl: (after?: number) => `${baseUrl}${groupEventsPath}${after ? queryString({ after }) : ''}`,
    },
    plans: {
      list: () => call('plans', 'list'),
    },
    extension: {
      /** How this server's users get the browser extension: its store listing or the zip it serves. */
      offer: () => call('extension', 'offer'),
    },
    billing: {
      checkout: (body: { priceId: string }) => call('billing', 'checkout', { body }),
      portal: (body: { returnUrl: string }) => call('billing', 'portal', { body }),
      subscription: () => call('billing', 'subscription'),
      /** A checkout the user came back from (/payment/success?session_id=…); the caller's own only. */
      session: (id: string) => call('billing', 'session', { params: { id } }),
    },
  };
}

/** A yes/no filter as the query string carries it. */
function flag(value: boolean | undefined) {
  return value === undefined ? undefined : value ? ('true' as const) : ('false' as const);
}

/** The list's filters as the query string carries them. */
function listQuery({ favourite, ...rest }: BookmarkListQuery) {
  return { ...rest, favourite: flag(favourite) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
