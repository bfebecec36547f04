import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { searchTokenizer } from '../migrations/20261125T1100_search_index.js';
import { indexWords, indexedPrefixes } from '../server/src/db/search-index-words.js';
import { generateLinks } from '../server/src/testing/netscape-file.js';

const links = generateLinks(45_000, { seed: 7 });
function run(mode: 'once' | 'slices' | 'slices-am', file: string) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create virtual table f using fts5(a, b, content='', contentless_delete=1, prefix='${indexedPrefixes}', detail=column, tokenize="${searchTokenizer}");`);
  if (mode === 'slices-am') db.exec(`insert into f(f, rank) values('automerge', 16)`);
  const ins = db.prepare('insert into f(rowid, a, b) values (?, ?, ?)');
  const words = links.map((l) => [indexWords(1, l.title), indexWords(1, l.url, 'example.com', l.folder ?? 'x')]);
  const t = performance.now();
  const slice = mode === 'once' ? 45_000 : 2000;
  for (let i = 0; i < words.length; i += slice) db.transaction(() => { for (let j = i; j < Math.min(i + slice, words.length); j++) ins.run(j + 1, words[j]![0], words[j]![1]); })();
  const ms = performance.now() - t;
  const segs = db.prepare(`select count(*) from f_data`).pluck().get();
  db.close();
  return { mode, ms: Math.round(ms), segs };
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fts-'));
for (let r = 0; r < 3; r++) for (const m of ['once', 'slices', 'slices-am'] as const) console.log(JSON.stringify(run(m, path.join(dir, `${m}${r}.db`))));
