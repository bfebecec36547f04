import type {
  ExtensionOffer,
  AcceptedInvite,
  RecommendationList,
  BillingState,
  CheckoutState,
  CreateGroupInput,
  CreatedGroup,
  GroupLink,
  GroupLinkInput,
  GroupLinkListQuery,
  GroupLinkPage,
  GroupMember,
  UpdateGroupLinkInput,
  WithMessage,
  WorkspaceGroup,
  CreatePostInput,
  FollowState,
  Post,
  PostPage,
  PromoFollowers,
  PromoPage,
  PromoStats,
  AdminPermissionsInput,
  AdminUser,
  Advert,
  CreateAdvertInput,
  PendingAdvert,
  UpdateAdvertInput,
  Bookmark,
  BookmarkFeed,
  BookmarkListQuery,
  BookmarkLookup,
  CategorySummary,
  CreateBookmarkInput,
  FeedList,
  FeedListQuery,
  FeedSource,
  FeedSourcesAnswer,
  Page,
  PagePreview,
  Profile,
  UpdateBookmarkInput,
  UpdateProfileInput,
  ForgotInput,
  FetchBudgetNote,
  ImportProgress,
  JsonImportInput,
  LoginInput,
  LoginResult,
  Me,
  Plan,
  ResetInput,
  SignupInput,
} from '../domain/index.js';
import { importMessages } from '../domain/messages.js';
import { ApiError, networkErrorMessage, timeoutMessage, toApiError } from '../domain/apiError.js';

export { ApiError, networkErrorMessage, timeoutMessage, toApiError } from '../domain/apiError.js';

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

export function createApiClient(options: ApiClientOptions = {}) {
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

  async function request<T>(method: string, path: string, body?: unknown, init: CallOptions = {}): Promise<T> {
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
    return data as T;
  }

  /**
   * A multipart upload that reports the bytes sent, which fetch cannot: an XMLHttpRequest where
   * there is one (pages), fetch elsewhere (a service worker, tests). Same headers and credentials
   * as `request`, and the same errors.
   */
  async function upload<T>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
    if (typeof XMLHttpRequest === 'undefined') {
      const answer = await request<T>('POST', path, form, {
        signal: opts.signal,
        timeoutMs: opts.timeoutMs ?? options.timeoutMs ?? defaultUploadTimeoutMs,
      });
      opts.onUploaded?.();
      return answer;
    }
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    // Awaited only when there is one, so that the request starts in the caller's own turn.
    const token = options.getToken ? await options.getToken() : undefined;
    if (token) headers.Authorization = `Bearer ${token}`;
    return new Promise<T>((resolve, reject) => {
      const aborted = () => new DOMException('The upload was cancelled', 'AbortError');
      if (opts.signal?.aborted) return reject(aborted());
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${baseUrl}${path}`);
      xhr.withCredentials = (options.credentials ?? 'include') === 'include';
      xhr.timeout = opts.timeoutMs ?? options.timeoutMs ?? defaultUploadTimeoutMs;
      xhr.ontimeout = () => reject(new ApiError(0, 'timeout', timeoutMessage));
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
      xhr.upload.onprogress = (e) => opts.onUploadProgress?.(e.loaded, e.lengthComputable ? e.total : e.loaded);
      xhr.upload.onload = () => opts.onUploaded?.();
      xhr.onload = () => {
        const data = xhr.responseText ? safeJson(xhr.responseText) : undefined;
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
        else reject(toApiError(xhr.status, data, opts.fallbacks));
      };
      xhr.onerror = () => reject(new ApiError(0, 'network_error', networkErrorMessage));
      xhr.onabort = () => reject(aborted());
      opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  }

  return {
    request,
    upload,
    health: () => request<{ ok: true }>('GET', '/api/health'),
    auth: {
      signup: (body: SignupInput) => request<Me>('POST', '/api/auth/signup', body),
      login: (body: LoginInput, opts: { token?: boolean } = {}) =>
        request<LoginResult>('POST', `/api/auth/login${opts.token ? '?mode=token' : ''}`, body),
      logout: () => request<{ ok: true }>('POST', '/api/auth/logout', {}),
      me: () => request<Me>('GET', '/api/auth/me'),
      forgot: (body: ForgotInput) => request<{ message: string }>('POST', '/api/auth/forgot', body),
      reset: (body: ResetInput) => request<{ message: string }>('POST', '/api/auth/reset', body),
    },
    bookmarks: {
      list: (query: BookmarkListQuery = {}) => request<Page<Bookmark>>('GET', `/api/bookmarks${queryString(query)}`),
      get: (id: string) => request<Bookmark>('GET', `/api/bookmarks/${encodeURIComponent(id)}`),
      /** Websites related to a bookmark's site (paid plans); `region` is two letters ('gb'). */
      recommendations: (id: string, query: { region?: string } = {}) =>
        request<RecommendationList>(
          'GET',
          `/api/bookmarks/${encodeURIComponent(id)}/recommendations${queryString(query)}`,
        ),
      create: (body: CreateBookmarkInput) => request<Bookmark>('POST', '/api/bookmarks', body),
      update: (id: string, body: UpdateBookmarkInput) =>
        request<Bookmark>('PATCH', `/api/bookmarks/${encodeURIComponent(id)}`, body),
      remove: (id: string) => request<{ ok: true }>('DELETE', `/api/bookmarks/${encodeURIComponent(id)}`),
      removeMany: (ids: string[]) => request<{ deleted: number }>('POST', '/api/bookmarks/delete', { ids }),
      refreshScreenshot: (id: string) =>
        request<Bookmark>('POST', `/api/bookmarks/${encodeURIComponent(id)}/screenshot`, {}),
      /** The user's bookmark of this address (same rules as the duplicate check), or null. */
      lookup: (url: string) => request<BookmarkLookup>('GET', `/api/bookmarks/lookup${queryString({ url })}`),
    },
    imports: {
      /** The extension's import of the browser's bookmarks (JSON); answers the job (202), to follow with `progress`. */
      fromItems: (body: JsonImportInput) => request<ImportProgress>('POST', '/api/import', body),
      progress: (jobId: string) => request<ImportProgress>('GET', `/api/import/${encodeURIComponent(jobId)}`),
      /**
       * The import page's file, `overwrite` first as the server reads the form while it streams in;
       * answers the job (202). A proxy's own 413 page still reads as the import's size message.
       */
      fromFile: (file: File, overwrite: boolean, opts: Omit<UploadOptions, 'fallbacks'> = {}) => {
        const form = new FormData();
        form.append('overwrite', String(overwrite));
        form.append('file', file, file.name);
        const tooLarge = new ApiError(413, 'too_large', importMessages.tooLarge, 'file');
        return upload<ImportProgress>('/api/import', form, { ...opts, fallbacks: { 413: tooLarge } });
      },
    },
    feeds: {
      /** The merged list; `refresh` asks every source again (conditionally). */
      list: (query: FeedListQuery = {}, init: CallOptions = {}) =>
        request<FeedList>('GET', `/api/feeds${queryString(query)}`, undefined, {
          timeoutMs: query.refresh ? slowRequestTimeoutMs : undefined,
          ...init,
        }),
      /** The sources as the server's cache knows them, without fetching any. */
      sources: () => request<FeedSourcesAnswer>('GET', '/api/feeds/sources'),
      loadSource: (id: string, opts: { refresh?: boolean } = {}) =>
        request<FeedSource & FetchBudgetNote>(
          'POST',
          `/api/feeds/sources/${encodeURIComponent(id)}/load`,
          { refresh: opts.refresh ?? false },
          { timeoutMs: slowRequestTimeoutMs },
        ),
      refresh: () => request<FeedSourcesAnswer>('POST', '/api/feeds/refresh', {}, { timeoutMs: slowRequestTimeoutMs }),
      /** One bookmark's feed (paid plans). */
      bookmarkFeed: (id: string, query: { page?: number; pageSize?: number; refresh?: boolean } = {}) =>
        request<BookmarkFeed>('GET', `/api/bookmarks/${encodeURIComponent(id)}/feed${queryString(query)}`),
      /** A workspace link's feed (paid plans; any member of its group). */
      groupLinkFeed: (
        groupId: string,
        linkId: string,
        query: { page?: number; pageSize?: number; refresh?: boolean } = {},
      ) =>
        request<BookmarkFeed>(
          'GET',
          `/api/groups/${encodeURIComponent(groupId)}/links/${encodeURIComponent(linkId)}/feed${queryString(query)}`,
        ),
    },
    categories: {
      list: () => request<{ items: CategorySummary[] }>('GET', '/api/categories'),
      suggested: () => request<{ items: string[] }>('GET', '/api/categories/suggested'),
    },
    pages: {
      preview: (url: string, init: CallOptions = {}) =>
        request<PagePreview>('POST', '/api/pages/preview', { url }, init),
    },
    profile: {
      get: () => request<Profile>('GET', '/api/profile'),
      update: (body: UpdateProfileInput) => request<Profile>('PATCH', '/api/profile', body),
      uploadPhoto: (file: Blob, name = 'photo.png') => {
        const form = new FormData();
        form.append('file', file, name);
        return request<Profile>('POST', '/api/profile/photo', form);
      },
    },
    adverts: {
      /** Approved adverts, newest first; `q` filters title or description. */
      list: (query: { q?: string } = {}) => request<{ items: Advert[] }>('GET', `/api/adverts${queryString(query)}`),
      /** The signed-in user's own advert (one per user), or null. */
      mine: () => request<{ advert: Advert | null }>('GET', '/api/adverts/mine'),
      create: (body: CreateAdvertInput) => request<Advert>('POST', '/api/adverts', body),
      update: (id: string, body: UpdateAdvertInput) =>
        request<Advert>('PATCH', `/api/adverts/${encodeURIComponent(id)}`, body),
      /** PNG only, judged by its bytes; answers the advert with its new image address. */
      uploadImage: (id: string, kind: 'logo' | 'background', file: Blob, opts: UploadOptions = {}) => {
        const form = new FormData();
        form.append('file', file, file instanceof File ? file.name : `${kind}.png`);
        return upload<Advert>(`/api/adverts/${encodeURIComponent(id)}/${kind}`, form, opts);
      },
    },
    promo: {
      /** An approved advert's page; `source: 'qr'` counts the visit as a scan of its Connect QR code. */
      page: (slug: string, query: { source?: string } = {}) =>
        request<PromoPage>('GET', `/api/promo/${encodeURIComponent(slug)}${queryString(query)}`),
      follow: (slug: string) => request<FollowState>('POST', `/api/promo/${encodeURIComponent(slug)}/follow`, {}),
      unfollow: (slug: string) => request<FollowState>('DELETE', `/api/promo/${encodeURIComponent(slug)}/follow`),
      followers: (slug: string) => request<PromoFollowers>('GET', `/api/promo/${encodeURIComponent(slug)}/followers`),
      /** Five a page, newest first; `locked` (and no items) unless the caller follows or owns the page. */
      posts: (slug: string, page = 1) =>
        request<PostPage>('GET', `/api/promo/${encodeURIComponent(slug)}/posts${queryString({ page })}`),
      createPost: (slug: string, body: CreatePostInput) =>
        request<Post>('POST', `/api/promo/${encodeURIComponent(slug)}/posts`, body),
      /** The owner's figures for the last 30 days. */
      stats: (slug: string) => request<PromoStats>('GET', `/api/promo/${encodeURIComponent(slug)}/stats`),
    },
    admin: {
      pendingAdverts: () => request<{ items: PendingAdvert[] }>('GET', '/api/admin/adverts/pending'),
      approveAdvert: (id: string) =>
        request<Advert>('POST', `/api/admin/adverts/${encodeURIComponent(id)}/approve`, {}),
      rejectAdvert: (id: string) =>
        request<{ ok: true }>('POST', `/api/admin/adverts/${encodeURIComponent(id)}/reject`, {}),
      setPermissions: (body: AdminPermissionsInput) => request<AdminUser>('POST', '/api/admin/permissions', body),
      user: (query: { email?: string; id?: string }) =>
        request<AdminUser>('GET', `/api/admin/users${queryString(query)}`),
    },
    groups: {
      /** The groups the user owns or is an active member of, owned first. */
      list: () => request<{ items: WorkspaceGroup[] }>('GET', '/api/groups'),
      create: (body: CreateGroupInput) => request<CreatedGroup>('POST', '/api/groups', body),
      rename: (id: string, name: string) =>
        request<WithMessage & { group: WorkspaceGroup }>('PATCH', `/api/groups/${encodeURIComponent(id)}`, { name }),
      remove: (id: string) => request<WithMessage>('DELETE', `/api/groups/${encodeURIComponent(id)}`),
      invite: (id: string, email: string) =>
        request<WithMessage & { member: GroupMember }>('POST', `/api/groups/${encodeURIComponent(id)}/invites`, {
          email,
        }),
      acceptInvite: (token: string) => request<AcceptedInvite>('POST', '/api/invites/accept', { token }),
      members: (id: string) =>
        request<{ items: GroupMember[] }>('GET', `/api/groups/${encodeURIComponent(id)}/members`),
      /** `memberId` is the member's user id, or the row's id for a pending invitation. */
      removeMember: (id: string, memberId: string) =>
        request<WithMessage>('DELETE', `/api/groups/${encodeURIComponent(id)}/members/${encodeURIComponent(memberId)}`),
      leave: (id: string) => request<WithMessage>('POST', `/api/groups/${encodeURIComponent(id)}/leave`, {}),
      links: (id: string, query: GroupLinkListQuery = {}, init: CallOptions = {}) =>
        request<GroupLinkPage>(
          'GET',
          `/api/groups/${encodeURIComponent(id)}/links${queryString(query)}`,
          undefined,
          init,
        ),
      addLink: (id: string, body: GroupLinkInput) =>
        request<WithMessage & { link: GroupLink }>('POST', `/api/groups/${encodeURIComponent(id)}/links`, body),
      updateLink: (id: string, linkId: string, body: UpdateGroupLinkInput) =>
        request<WithMessage & { link: GroupLink }>(
          'PATCH',
          `/api/groups/${encodeURIComponent(id)}/links/${encodeURIComponent(linkId)}`,
          body,
        ),
      deleteLink: (id: string, linkId: string) =>
        request<WithMessage>('DELETE', `/api/groups/${encodeURIComponent(id)}/links/${encodeURIComponent(linkId)}`),
      moveLink: (id: string, linkId: string, groupId: string) =>
        request<WithMessage & { link: GroupLink }>(
          'POST',
          `/api/groups/${encodeURIComponent(id)}/links/${encodeURIComponent(linkId)}/move`,
          { groupId },
        ),
      /** The live-update stream's address (Server-Sent Events); see GroupEvent. */
      eventsUrl: (after?: number) => `${baseUrl}/api/groups/events${after ? queryString({ after }) : ''}`,
    },
    plans: {
      list: () => request<{ items: Plan[] }>('GET', '/api/plans'),
    },
    extension: {
      /** How this server's users get the browser extension: its store listing or the zip it serves. */
      offer: () => request<ExtensionOffer>('GET', '/api/extension'),
    },
    billing: {
      checkout: (body: { priceId: string }) => request<{ url: string }>('POST', '/api/billing/checkout', body),
      portal: (body: { returnUrl: string }) => request<{ url: string }>('POST', '/api/billing/portal', body),
      subscription: () => request<BillingState>('GET', '/api/billing/subscription'),
      /** A checkout the user came back from (/payment/success?session_id=…); the caller's own only. */
      session: (id: string) => request<CheckoutState>('GET', `/api/billing/sessions/${encodeURIComponent(id)}`),
    },
  };
}

function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
