import { shareParamsSchema } from '@linkhive/shared/domain';
import type { ShareParams } from '@linkhive/shared/domain';

/** What the visitor reads for each parameter of the share link. */
const paramNames: Record<keyof ShareParams, string> = {
  url: 'Web address',
  title: 'Title',
  category: 'Category',
  connect_uid: 'Promotor',
  slug: 'Promo page',
};

export type ParsedShare =
  | {
      ok: true;
      params: ShareParams;
      /** The promotor to follow: both the page's slug and its owner's id, or nothing. */
      promo: { slug: string; ownerId: string } | null;
      /** Opened from the promo page itself (`from=promo`): closing goes back there. */
      fromPromo: boolean;
      /** The QR code's tag, passed on so that the scan is counted. */
      source: string | null;
    }
  | { ok: false; problems: string[] };

/**
 * Reads the share link's parameters, all untrusted, with the shared schema. Each problem is named
 * with the parameter it is about, so that the error page says what is wrong with the link.
 */
export function parseShare(search: URLSearchParams): ParsedShare {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(paramNames)) {
    const value = search.get(key);
    // An empty optional parameter is as good as none; an empty address is reported as missing.
    if (value !== null && (value.trim() !== '' || key === 'url')) raw[key] = value;
  }
  const problems: string[] = [];
  const result = shareParamsSchema.safeParse(raw);
  if (!result.success) {
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? 'url') as keyof ShareParams;
      if (seen.has(key)) continue;
      seen.add(key);
      // The schema's own words for the bookmark fields; a bad slug or owner id is simply not valid.
      const message = key === 'slug' || key === 'connect_uid' ? 'not valid' : issue.message;
      problems.push(`${paramNames[key] ?? key}: ${message}`);
    }
  }
  const hasSlug = 'slug' in raw;
  if (hasSlug !== 'connect_uid' in raw) {
    problems.push(`${hasSlug ? paramNames.connect_uid : paramNames.slug}: missing (a promo share names both)`);
  }
  if (!result.success || problems.length) return { ok: false, problems };
  const { slug, connect_uid } = result.data;
  return {
    ok: true,
    params: result.data,
    promo: slug && connect_uid ? { slug, ownerId: connect_uid } : null,
    fromPromo: search.get('from') === 'promo',
    source: search.get('source'),
  };
}
