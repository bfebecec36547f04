import fs from 'node:fs';
import path from 'node:path';
import { fixturesDir } from './fixture-server.js';

/**
 * The Ars Technica fixture article's paragraphs (`<p>` markup), over and over, in whole rounds
 * while they stay under `bytes` of UTF-8: a very long page's worth of real prose, for the pages
 * that outgrow the extraction thread (issue 30: a page may be up to 3 MB).
 */
export function longProse(bytes: number): string {
  const html = fs.readFileSync(path.join(fixturesDir, 'articles', 'ars-1.html'), 'utf8');
  const paragraphs = [...html.matchAll(/<p>[\s\S]*?<\/p>/g)].map((m) => m[0]).join('\n');
  return paragraphs.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(paragraphs))));
}
