import type { ColumnType, Generated } from 'kysely';
import type { PaidPlanKey } from '@linkhive/shared/domain';

// Dates are stored as ISO 8601 text in both SQLite and Postgres so that one query works on both.
type Timestamp = ColumnType<string, string, string>;
type Flag = ColumnType<number | boolean, number | boolean, number | boolean>;

/** Tables that better-auth reads and writes (its core schema, camelCase column names). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Flag;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProfileTable {
  user_id: string;
  display_name: string;
  photo_url: string | null;
  category_tab_color: string | null;
  layout_preference: string;
  follower: number;
  /** 'Keep readable copies': 1 (the default) or 0, when the crawler reads none of the user's pages. */
  keep_copies: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserPermissionTable {
  user_id: string;
  flag: string;
  /** 'admin-emails', 'operator', 'admin' or 'billing': who granted it, so billing never revokes an operator's grant. */
  source: string;
  created_at: Timestamp;
}

export interface RateLimitTable {
  key: string;
  window_start: number;
  count: number;
}

export interface StoredFileTable {
  /** The public path, /files/<folder>/<name>. */
  path: string;
  data: Buffer;
  size: number;
  created_at: string;
}

export interface AppSettingTable {
  key: string;
  value: string;
}

export interface ProductTable {
  id: string;
  key: string;
  name: string;
  description: string;
  /** JSON array of feature lines. */
  features: string;
  active: number;
  sort: number;
  /** The Stripe product this plan is sold as, once read from Stripe. */
  stripe_product_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PriceTable {
  id: string;
  product_id: string;
  unit_amount: number;
  currency: string;
  interval: string;
  active: number;
  stripe_price_id: string | null;
}

/** Each user's number, by which bookmarks name their owner (made by a trigger with the user). */
export interface OwnerTable {
  id: Generated<number>;
  user_id: string;
}

export interface BookmarkTable {
  id: string;
  /** The owner's number (`owner.id`): 4 bytes at most on every row and index entry, not 32. */
  owner: number;
  title: string;
  link: string;
  link_key: string;
  domain: string;
  category: string;
  favourite: number;
  rss_feed: string | null;
  promotor: string | null;
  created_at: string;
  updated_at: string;
  /** Search words (shared/domain/search.ts) of the title: search ranks its matches by them. */
  search_title: string;
  /**
   * Postgres only (its stored search vector is made from it): the words of the address, domain and
   * category. SQLite's search index makes them itself and the row keeps none.
   */
  search_rest?: string;
  /**
   * Postgres only: the words of the bookmark's readable copy, without positions, kept by the copy's
   * writer; searched with the vector above (migrations/20261128T1700_page_search).
   */
  page_vector?: string | null;
  /**
   * The crawler's work (features/copies/crawler.ts): null while the page is to be read, 'reading'
   * once a process has claimed it (at `read_at`), 'read' with a copy kept, 'none' without, 'later'
   * when its site failed and it is read again from `read_at` (migrations/20261129T1200_page_retries).
   */
  read_state: Generated<string | null>;
  read_at: Generated<string | null>;
  /** The crawler's failed turns at this page, while its site fails; null once read or never failed. */
  read_failures: Generated<number | null>;
  /** The import that added the row: a failed or interrupted import is removed by it. */
  import_id: string | null;
}

/** A bookmark's readable copy (features/copies): the article its page held when the crawler read it. */
export interface BookmarkCopyTable {
  bookmark_id: string;
  title: string | null;
  byline: string | null;
  site_name: string | null;
  excerpt: string | null;
  lang: string | null;
  word_count: number;
  lead_image: string | null;
  /** The article's text, for search (capped: content/readable.ts). */
  text: string;
  /** The article cleaned down to reading markup (content/readable.ts sanitizeReaderHtml). */
  html: string;
  fetched_at: string;
}

/** A deleted bookmark, waiting to be restored or purged (features/trash, migrations/20261129T1500_trash). */
export interface BookmarkTrashTable {
  id: string;
  owner: number;
  title: string;
  link: string;
  category: string;
  /** The bookmark's row as JSON, and its copy's and link check's, to put back as they were. */
  row: string;
  copy: string | null;
  link_check: string | null;
  trashed_at: string;
  purge_at: string;
}

/** A personal API token, kept hashed (features/tokens, migrations/20261206T1200_api_tokens). */
export interface ApiTokenTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  read_only: number;
  created_at: string;
  last_used_at: string | null;
}

/** A link deleted from a group, restorable by its owner (migrations/20261129T1600_group_link_trash). */
export interface GroupLinkTrashTable {
  id: string;
  group_id: string;
  title: string;
  link: string;
  category: string;
  /** The link's row and its copy's as JSON, to put back as they were. */
  row: string;
  copy: string | null;
  trashed_at: string;
  purge_at: string;
}

/** A bookmark's last link check (features/link-health, migrations/20261128T1800_link_health). */
export interface LinkCheckTable {
  bookmark_id: string;
  /** The address that was checked: a bookmark moved since reads as unchecked. */
  link: string;
  status: number | null;
  final_url: string | null;
  error: string | null;
  health: 'ok' | 'redirected' | 'failing' | 'broken' | 'unchecked';
  failures: ColumnType<number, number | undefined, number>;
  first_failed_at: string | null;
  checked_at: string;
  next_check_at: string;
}

export interface ScreenshotTable {
  domain: string;
  status: 'pending' | 'ready' | 'failed';
  file: string | null;
  error: string | null;
  updated_at: string;
}

export interface FaviconTable {
  domain: string;
  status: 'ok' | 'missing';
  content_type: string | null;
  file: string | null;
  fetched_at: string;
}

export interface JobTable {
  id: string;
  type: string;
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  run_at: string;
  locked_until: string | null;
  last_error: string | null;
  /** Whose work this is, for turns between accounts (null: nobody's in particular). */
  account_id: string | null;
  /** The job's place in its account's line when it was queued; taken lowest first. */
  turn: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** An open live-update stream: counted per account across processes (features/groups/live). */
export interface LiveStreamTable {
  id: string;
  account_id: string;
  /** Renewed by the stream's process at each heartbeat; past it, the process is taken as gone. */
  expires_at: string;
}

export interface ImportJobTable {
  id: string;
  user_id: string;
  status: 'running' | 'done' | 'failed';
  phase: 'reading' | 'saving' | 'done';
  total: number;
  processed: number;
  /** JSON of ImportResult once done. */
  result: string | null;
  /** JSON of { code, message } once failed. */
  error: string | null;
  /** The worker renews this while it runs; past it, the job's process is gone. */
  locked_until: string | null;
  created_at: string;
  updated_at: string;
}

/** A bookmark an overwriting import replaced, kept until the import ends, to put back if it fails. */
export interface ImportUndoTable {
  job_id: string;
  bookmark_id: string;
  /** JSON of the replaced row's columns. */
  row: string;
}

/** One feed address's last answer: its items as parsed (JSON of ParsedItem[]) and its validators. */
export interface FeedCacheTable {
  url: string;
  status: 'ok' | 'error';
  error: string | null;
  etag: string | null;
  last_modified: string | null;
  title: string | null;
  image: string | null;
  items: string;
  item_count: number;
  checked_at: string;
  loaded_at: string | null;
  parsed_at: string | null;
}

export interface AdvertTable {
  id: string;
  user_id: string;
  slug: string;
  title: string;
  category: string;
  link: string;
  domain: string;
  /** Sanitised HTML (content/rich-text.ts); the raw submission is never stored. */
  description: string;
  description_text: string;
  logo: string | null;
  background: string | null;
  /** 1: approved and public; 0: waiting for approval. */
  status: number;
  approved_at: string | null;
  threat_status: 'not_checked' | 'pending' | 'clean' | 'flagged' | 'failed';
  /** JSON array of the matched threat types. */
  threat_types: string;
  threat_checked_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One follower of one advert owner: the promotor is the owner's user id, not the advert's. */
export interface PromoFollowerTable {
  promotor_id: string;
  user_id: string;
  created_at: string;
}

export interface PromoPostTable {
  id: string;
  /** The advert's owner, who wrote it. */
  user_id: string;
  title: string;
  /** Sanitised HTML (content/rich-text.ts); the raw submission is never stored. */
  content: string;
  content_text: string;
  created_at: string;
}

/** A promo page's counts for one UTC day ('YYYY-MM-DD'); nothing about who visited. */
export interface PromoDailyTable {
  advert_id: string;
  day: string;
  views: ColumnType<number, number | undefined, number>;
  qr_scans: ColumnType<number, number | undefined, number>;
}

/** A visitor already counted on a page today: a keyed hash only (features/promo/visitors.ts). */
export interface PromoVisitorTable {
  advert_id: string;
  day: string;
  visitor: string;
}

/** A team workspace group; created private with member invites off. */
export interface WorkspaceGroupTable {
  id: string;
  owner_id: string;
  name: string;
  /** The name trimmed and lower-cased: unique per owner. */
  name_key: string;
  is_private: ColumnType<number, number | undefined, number>;
  allow_member_invites: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
  /** Set when the owner deletes the group; its links are then removed in batches, the row last. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A member of a group, the owner included; a pending invitation until accepted. */
export interface GroupMemberTable {
  id: string;
  group_id: string;
  /** Null while the invited address has not accepted. */
  user_id: string | null;
  /** Lower-cased invited address (the owner's own for the owner's row). */
  email: string;
  role: 'owner' | 'member';
  status: 'pending' | 'active';
  invited_by: string | null;
  joined_at: string;
  activated_at: string | null;
  /** SHA-256 hex of the mailed token. */
  token_hash: string | null;
  token_expires_at: string | null;
}

export interface GroupLinkTable {
  id: string;
  group_id: string;
  link: string;
  /** As a bookmark's link_key: one link once per group. */
  link_key: string;
  domain: string;
  title: string;
  category: string;
  rss_feed: string | null;
  added_by: string | null;
  created_at: string;
  updated_at: string;
  /**
   * The crawler's work, as a bookmark's (migrations/20261129T0900_group_link_pages): null while the
   * page is to be read, 'reading' once claimed (at `read_at`), 'read' with a copy kept, 'none' without,
   * 'later' when its site failed (read again from `read_at`).
   */
  read_state: Generated<string | null>;
  read_at: Generated<string | null>;
  /** The crawler's failed turns at this link's page, as a bookmark's. */
  read_failures: Generated<number | null>;
  /** Postgres only: the words of the link's readable copy, without positions, kept by the copy's writer. */
  page_vector?: string | null;
}

/** A group link's readable copy: the columns of a bookmark's, keyed by the link. */
export interface GroupLinkCopyTable {
  group_link_id: string;
  title: string | null;
  byline: string | null;
  site_name: string | null;
  excerpt: string | null;
  lang: string | null;
  word_count: number;
  lead_image: string | null;
  text: string;
  html: string;
  fetched_at: string;
}

/** The change log live updates are served from; a reconnecting client reads what it missed. */
export interface GroupEventTable {
  seq: Generated<number>;
  group_id: string;
  /** Set when the change concerns one person (removed from the group). */
  user_id: string | null;
  kind: string;
  created_at: string;
}

/** A user's Stripe customer, made once on their first checkout. */
export interface BillingCustomerTable {
  user_id: string;
  stripe_customer_id: string;
  created_at: string;
}

/** A Stripe subscription as Stripe last answered it; overwritten on every event about it. */
export interface SubscriptionTable {
  id: string;
  user_id: string;
  stripe_customer_id: string;
  status: string;
  plan: PaidPlanKey | null;
  price_id: string | null;
  interval: 'month' | 'year' | null;
  cancel_at_period_end: ColumnType<number, number | undefined, number>;
  current_period_end: string | null;
  created_at: string;
  updated_at: string;
  /** 1 once Stripe ended the subscription (canceled, incomplete_expired, ended_at): Stripe never undoes it. */
  ended: ColumnType<number, number | undefined, number>;
  /** Stripe's time (seconds) of the state held: the event's `created`, or the reconcile read's. Writes only move it on. */
  state_at: ColumnType<number, number | undefined, number>;
  ended_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One reusable Checkout Session per account and Stripe price; while `url` is null, a request is making it. */
export interface CheckoutSessionTable {
  user_id: string;
  price_id: string;
  claim: string;
  claimed_at: string;
  session_id: string | null;
  stripe_customer_id: string | null;
  url: string | null;
  expires_at: string | null;
}

/** Webhook events already handled: a replay or a duplicate finds its id here. */
export interface StripeEventTable {
  id: string;
  type: string;
  received_at: string;
}

/** Who changed whose permissions, and to what. */
export interface AdminAuditTable {
  id: string;
  actor_id: string | null;
  target_id: string | null;
  change: string;
  created_at: string;
}

/** One checked answer of recommended websites per domain and region. */
export interface RecommendationCacheTable {
  domain: string;
  region: string;
  source: 'openai' | 'gemini' | 'local';
  model: string | null;
  /** JSON array of Recommendation. */
  results: string;
  created_at: string;
  expires_at: string;
}

export interface Database {
  recommendation_cache: RecommendationCacheTable;
  billing_customer: BillingCustomerTable;
  subscription: SubscriptionTable;
  checkout_session: CheckoutSessionTable;
  stripe_event: StripeEventTable;
  admin_audit: AdminAuditTable;
  workspace_group: WorkspaceGroupTable;
  group_member: GroupMemberTable;
  group_link: GroupLinkTable;
  group_link_copy: GroupLinkCopyTable;
  group_event: GroupEventTable;
  advert: AdvertTable;
  promo_follower: PromoFollowerTable;
  promo_post: PromoPostTable;
  promo_daily: PromoDailyTable;
  promo_visitor: PromoVisitorTable;
  feed_cache: FeedCacheTable;
  import_job: ImportJobTable;
  import_undo: ImportUndoTable;
  bookmark: BookmarkTable;
  bookmark_copy: BookmarkCopyTable;
  bookmark_trash: BookmarkTrashTable;
  group_link_trash: GroupLinkTrashTable;
  api_token: ApiTokenTable;
  link_check: LinkCheckTable;
  owner: OwnerTable;
  category_suggestion: { name: string };
  screenshot: ScreenshotTable;
  job: JobTable;
  live_stream: LiveStreamTable;
  favicon: FaviconTable;
  product: ProductTable;
  price: PriceTable;
  app_setting: AppSettingTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  profile: ProfileTable;
  user_permission: UserPermissionTable;
  rate_limit: RateLimitTable;
  stored_file: StoredFileTable;
  kysely_migration: { name: string; timestamp: string };
}
