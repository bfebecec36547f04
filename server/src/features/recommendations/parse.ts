import { cutRecommendationSnippet, recommendationMessages, recommendationRules } from '@linkhive/shared/domain';
import type { Recommendation } from '@linkhive/shared/domain';
import { domainOfUrl, linkKeyOf } from '@linkhive/shared/domain';
import { ProviderAnswerError } from '../../integrations/ai/provider.js';

/** Answers longer than this are refused before parsing: a model has no reason to write a megabyte. */
export const maxAnswerChars = 1_000_000;

const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/;

/** The JSON array in a model's text: the whole text, a ``` fenced block, or the outermost [...] in prose. */
export function extractArray(text: string | null | undefined): unknown[] {
  const raw = (text ?? '').trim();
  if (!raw) throw new ProviderAnswerError(recommendationMessages.noneReceived);
  if (raw.length > maxAnswerChars) throw new ProviderAnswerError(recommendationMessages.invalidFormat);
  const candidates = [raw];
  const block = fenced.exec(raw)?.[1]?.trim();
  if (block) candidates.push(block);
  const start = raw.indexOf('[');
  const end = raw.lastIndexOf(']');
  if (start >= 0 && end > start) candidates.push(raw.slice(start, end + 1));
  for (const c of candidates) {
    let value: unknown;
    try {
      value = JSON.parse(c);
    } catch {
      continue;
    }
    if (!Array.isArray(value)) continue;
    if (value.length === 0) throw new ProviderAnswerError(recommendationMessages.noneReceived);
    return value;
  }
  throw new ProviderAnswerError(recommendationMessages.invalidFormat);
}

interface RawEntry {
  title: string;
  link: string;
  displayLink: string;
  snippet: string;
  htmlSnippet?: unknown;
}

/** Spec 5: each entry needs title, link, displayLink and snippet; the first that lacks one names its index. */
export function checkEntries(entries: unknown[]): RawEntry[] {
  entries.forEach((e, i) => {
    const o = e as Record<string, unknown> | null;
    const ok =
      typeof o === 'object' &&
      o !== null &&
      ['title', 'link', 'displayLink', 'snippet'].every((k) => typeof o[k] === 'string');
    if (!ok) throw new ProviderAnswerError(recommendationMessages.invalidAt(i));
  });
  return entries as RawEntry[];
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
const stripTags = (s: string) => s.replace(/<[^>]*>?/g, ' ');

/** Plain text from a model's text or markup: no tags (even ones written as entities), no control characters. */
export function plainText(s: string): string {
  const decoded = stripTags(s).replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_m, k: string) => entities[k] ?? '');
  return stripTags(decoded)
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function httpUrl(link: string): URL | null {
  if (link.length > recommendationRules.linkMax) return null;
  try {
    const u = new URL(link.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/**
 * The untrusted entries made safe: http(s) links only, plain capped text, one entry per normalised
 * link, at most `count`. Nothing left means the answer was no use ('No recommendations generated').
 */
export function cleanEntries(entries: RawEntry[], count: number): Recommendation[] {
  const seen = new Set<string>();
  const out: Recommendation[] = [];
  for (const e of entries) {
    const u = httpUrl(e.link);
    if (!u) continue;
    const key = linkKeyOf(u);
    if (seen.has(key)) continue;
    seen.add(key);
    const title = plainText(e.title).slice(0, recommendationRules.titleMax) || u.host;
    const html = typeof e.htmlSnippet === 'string' ? plainText(e.htmlSnippet) : '';
    const snippet = cutRecommendationSnippet(plainText(e.snippet) || html);
    out.push({ title, link: u.href, displayLink: u.host, snippet });
    if (out.length >= count) break;
  }
  if (!out.length) throw new ProviderAnswerError(recommendationMessages.noneGenerated);
  return out;
}

/** A model's text to checked recommendations, or a ProviderAnswerError with the spec's text. */
export function parseRecommendations(text: string | null | undefined, count: number): Recommendation[] {
  return cleanEntries(checkEntries(extractArray(text)), count);
}

/** Leaves out what the user saved already: their domains (a saved link's domain is among them). */
export function withoutOwn(items: Recommendation[], ownDomains: ReadonlySet<string>): Recommendation[] {
  return items.filter((r) => !ownDomains.has(domainOfUrl(new URL(r.link))));
}

/** The domains of a list, as the bookmark table stores them, to ask which of them the user saved. */
export const domainsOf = (items: Recommendation[]) => [...new Set(items.map((r) => domainOfUrl(new URL(r.link))))];
