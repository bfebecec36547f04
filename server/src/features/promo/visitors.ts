import { createHmac } from 'node:crypto';
import type { PromoRepository } from './repository.js';

/** Who is asking for a promo page: the account when signed in, else the client as the server sees it. */
export interface PromoVisitor {
  userId?: string;
  /** The client address (req.ip, which trusts X-Forwarded-For from the proxies the app is told of). */
  address?: string;
  userAgent?: string;
}

export type VisitKind = 'view' | 'qr';

/**
 * Counts a page's views and QR scans once per visitor and day: a reload, or a script asking a
 * thousand times, is one visit, and costs a database write only the first time. A visitor is kept
 * only as an HMAC, under a key of this server's, of the page, the day, the kind and the account id
 * (signed in) or the client address and user agent (anonymous): neither an address nor an account
 * is stored, and the rows of one visitor cannot be matched across pages or days. Visitors behind
 * one address with one browser count as one, which is what a per-day visitor figure can tell.
 */
export function visitCounter(repo: PromoRepository) {
  let key: Promise<string> | undefined;
  // Only today's visitors are needed: the first visit a process sees on a new day clears older ones.
  let prunedDay = '';

  async function visitorHash(advertId: string, day: string, kind: VisitKind, who: PromoVisitor) {
    key ??= repo.visitorKey().catch((e: unknown) => {
      key = undefined;
      throw e;
    });
    const subject = who.userId ? ['user', who.userId] : ['client', who.address ?? '', who.userAgent ?? ''];
    // NUL never occurs in an id, an address or a header value: the parts cannot run into each other.
    return createHmac('sha256', await key)
      .update([advertId, day, kind, ...subject].join('\0'))
      .digest('base64url');
  }

  return {
    async count(advertId: string, day: string, kind: VisitKind, who: PromoVisitor): Promise<void> {
      if (prunedDay !== day) {
        prunedDay = day;
        await repo.forgetVisitorsBefore(day);
      }
      if (await repo.firstVisit(advertId, day, await visitorHash(advertId, day, kind, who)))
        await repo.countVisit(advertId, day, kind);
    },
  };
}
