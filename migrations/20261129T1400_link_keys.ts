import { sql, type Kysely } from 'kysely';

/**
 * Each bookmark's and group link's `link_key` becomes the duplicate rule's key of its address
 * (issue 31, shared/src/domain/link-key.ts): http and https, `www.`, a trailing slash, a fragment
 * that only scrolls and tracking parameters no longer make the same page another bookmark. The
 * address the user saved (`link`) is not touched.
 *
 * A key stays unique per owner (per group for group links): imports rely on it to skip what is
 * saved. Where an owner already saved one page twice under two addresses, the first saved takes the
 * new key and the others keep the one they had (an earlier key always starts with its scheme, a new
 * one never does, so the two never meet); they are the duplicates the user merges.
 *
 * The rows are read and written a thousand at a time, in key order, so memory stays small at any
 * library size.
 */
export function linkKeys() {
  return {
    up: (db: Kysely<any>) => rekey(db, (link) => linkKeyOf(new URL(link))),
    down: (db: Kysely<any>) => rekey(db, earlierKeyOf),
  };
}

/** The key before this migration: the address with its scheme and host lowercased, no trailing slash. */
export function earlierKeyOf(link: string): string {
  const u = new URL(link);
  const s = `${u.protocol}//${u.host.toLowerCase()}${u.pathname}${u.search}${u.hash}`;
  return s.endsWith('/') && !u.search && !u.hash ? s.slice(0, -1) : s;
}

const batch = 1000;

async function rekey(db: Kysely<any>, keyOf: (link: string) => string) {
  for (const [table, scope] of [
    ['bookmark', 'owner'],
    ['group_link', 'group_id'],
  ] as const) {
    let after: { scope: unknown; created_at: string; id: string } | null = null;
    let currentScope: unknown = undefined;
    let taken = new Set<string>();
    for (;;) {
      const from = after;
      const rows: { id: string; scope: unknown; link: string; link_key: string; created_at: string }[] = await db
        .selectFrom(table)
        .select(['id', `${scope} as scope`, 'link', 'link_key', 'created_at'])
        .$if(from !== null, (q) =>
          q.where((eb) =>
            eb(eb.refTuple(scope, 'created_at', 'id'), '>', eb.tuple(from!.scope, from!.created_at, from!.id)),
          ),
        )
        .orderBy(scope)
        .orderBy('created_at')
        .orderBy('id')
        .limit(batch)
        .execute();
      const changes: [string, string][] = [];
      for (const row of rows) {
        if (row.scope !== currentScope) {
          currentScope = row.scope;
          taken = new Set();
        }
        let key: string;
        try {
          key = keyOf(row.link);
        } catch {
          continue; // An address the parser refuses keeps its key (none is stored: links are checked on saving).
        }
        if (taken.has(key)) continue;
        taken.add(key);
        if (key !== row.link_key) changes.push([row.id, key]);
      }
      if (changes.length) {
        const values = sql.join(changes.map(([id, key]) => sql`(${id}, ${key})`));
        // A join (UPDATE … FROM, both databases) rather than a lookup in the values per row, which
        // made a batch quadratic: 100,000 rows took 11 s on SQLite.
        await sql`with v(id, k) as (values ${values})
          update ${sql.table(table)} set link_key = v.k from v where ${sql.ref(`${table}.id`)} = v.id`.execute(db);
      }
      if (rows.length < batch) break;
      const last = rows[rows.length - 1]!;
      after = { scope: last.scope, created_at: last.created_at, id: last.id };
    }
  }
}

// A frozen copy of shared/src/domain/link-key.ts as it was when this migration was written: the
// app's function may learn more tracking parameters later, and this migration must key as it did.

/** Query parameters that only say where a click came from, on every site. */
const trackingEverywhere = new Set([
  'fbclid', // Facebook
  'gclid', // Google Ads
  'gclsrc',
  'dclid', // Google Display
  'gbraid',
  'wbraid',
  'msclkid', // Microsoft Ads
  'yclid', // Yandex
  'twclid', // X (Twitter) ads
  'ttclid', // TikTok
  'li_fat_id', // LinkedIn
  'igshid', // Instagram
  'igsh',
  'mkt_tok', // Marketo newsletters
  '_hsenc', // HubSpot newsletters
  '_hsmi',
  '__hstc',
  '__hssc',
  '__hsfp',
  'vero_id', // Vero newsletters
  'vero_conv',
  'oly_anon_id', // Omeda newsletters
  'oly_enc_id',
  'wickedid',
  'ref_src', // X (Twitter) embeds
  'ref_url',
  'spm', // Alibaba, AliExpress
]);

/** Parameters with a prefix that marks them as tracking: utm_* (Google Analytics), mc_* (Mailchimp). */
const trackingPrefixes = ['utm_', 'mc_'];

/**
 * `ref` names where a visitor came from on most sites (`?ref=producthunt`), but a branch or a commit
 * on code hosts (`…/contents/README.md?ref=main`), where it picks the page: kept there.
 */
const refMeaningfulOn = /(^|\.)(github\.com|githubusercontent\.com|gitlab\.com|bitbucket\.org|codeberg\.org)$/;

/** Parameters that are tracking on one site only: on others the same name can pick the page. */
const trackingOnSite: [RegExp, Set<string>][] = [
  [/(^|\.)(youtube\.com|youtu\.be)$/, new Set(['si', 'feature', 'pp'])],
  [/(^|\.)spotify\.com$/, new Set(['si', 'nd'])],
  [/(^|\.)(twitter\.com|x\.com)$/, new Set(['s', 't'])],
  [/(^|\.)nytimes\.com$/, new Set(['smid', 'smtyp', 'unlocked_article_code'])],
  [/(^|\.)amazon\.[a-z.]+$/, new Set(['ref_', 'tag', 'psc', 'pd_rd_w', 'pd_rd_r', 'pd_rd_wg', 'pf_rd_p', 'pf_rd_r'])],
];

function isTracking(name: string, host: string): boolean {
  const n = name.toLowerCase();
  if (trackingEverywhere.has(n) || trackingPrefixes.some((p) => n.startsWith(p))) return true;
  if (n === 'ref') return !refMeaningfulOn.test(host);
  return trackingOnSite.some(([site, names]) => site.test(host) && names.has(n));
}

/** A parameter's name as written (`a%5Fb` is `a_b`), for comparing with the lists above. */
function parameterName(part: string): string {
  const raw = part.split('=', 1)[0]!;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * The key of an address already parsed: the host in lower case without `www.` (IDN hosts in their
 * ASCII form, as the URL parser gives them) and without its trailing dot; http and https as one; a
 * port other than the scheme's default kept; the path as written, without a trailing slash; the
 * query without tracking parameters, the rest sorted (order never picks a page); the fragment
 * dropped, unless it is a route of a single-page app (`#/inbox`, `#!/post/1`), which picks the page.
 */
function linkKeyOf(u: URL): string {
  let host = u.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('www.') && host.indexOf('.', 4) > 0) host = host.slice(4);
  const port = u.port ? `:${u.port}` : '';
  const path = u.pathname.replace(/\/+$/, '');
  const query = u.search
    .slice(1)
    .split('&')
    .filter((part) => part && !isTracking(parameterName(part), host))
    .sort();
  const route = /^#!?\//.test(u.hash) ? u.hash : '';
  return `${host}${port}${path}${query.length ? `?${query.join('&')}` : ''}${route}`;
}
