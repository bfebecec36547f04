/**
 * Large Netscape bookmark files for tests and the bench: nested folders, a share of links that
 * appear twice, and words drawn so that some queries match a few links and some match most.
 */

const words = [
  'rust',
  'tutorial',
  'kubernetes',
  'guide',
  'recipe',
  'pasta',
  'garden',
  'travel',
  'python',
  'design',
  'history',
  'music',
  'review',
  'budget',
  'photo',
  'camera',
  'hiking',
  'coffee',
  'startup',
  'finance',
  'linux',
  'kernel',
  'database',
  'postgres',
  'sqlite',
  'react',
  'browser',
  'security',
  'privacy',
  'news',
  'science',
  'space',
  'climate',
  'health',
  'running',
  'yoga',
  'chess',
  'poetry',
  'novel',
  'cinema',
];
// Most titles carry one of these, so the prefix 'pro' matches most of a library.
const proWords = ['project', 'programming', 'product', 'profile', 'protocol', 'process'];
const folderNames = ['Work', 'Reading', 'Recipes', 'Tools', 'Travel', 'Research', 'Music', 'News', 'Kids', 'Archive'];

/** A small deterministic generator, so every run builds the same file. */
export function seededRandom(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

export interface GeneratedLink {
  url: string;
  title: string;
  folder: string[];
  addDate: number;
}

export function generateLinks(count: number, opts: { duplicateShare?: number; seed?: number } = {}): GeneratedLink[] {
  const random = seededRandom(opts.seed ?? 42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  // A tree of folders up to three deep, about one for every hundred links, filled in order as a
  // browser writes them.
  const folders: string[][] = [];
  while (folders.length < Math.max(1, Math.round(count / 100))) {
    const top = `${pick(folderNames)} ${folders.length}`;
    folders.push([top]);
    for (let i = 0; i < 3; i++) folders.push([top, `${pick(words)} ${i}`]);
    folders.push([top, `${pick(words)} 3`, `${pick(proWords)} notes`]);
  }
  const uniqueCount = Math.round(count * (1 - (opts.duplicateShare ?? 0)));
  const links: GeneratedLink[] = [];
  for (let i = 0; i < uniqueCount; i++) {
    const title = [pick(words), random() < 0.7 ? pick(proWords) : pick(words), pick(words), `no ${i}`].join(' ');
    links.push({
      url: `https://site${i % 997}.example.com/${pick(words)}/${i}`,
      title,
      folder: folders[Math.floor((i / uniqueCount) * folders.length)]!,
      addDate: 1_500_000_000 + i * 60,
    });
  }
  // The duplicates repeat earlier addresses in the last folders, as a merged export would.
  for (let i = uniqueCount; i < count; i++) {
    links.push({ ...links[Math.floor(random() * uniqueCount)]!, folder: folders.at(-1)! });
  }
  return links;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The links as a browser would export them, folders nested, each with an optional description. */
export function netscapeFile(links: GeneratedLink[], opts: { descriptionChars?: number } = {}): string {
  const description = opts.descriptionChars ? 'Notes about this page. '.repeat(opts.descriptionChars / 23 + 1) : '';
  const out: string[] = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  let open: string[] = [];
  for (const link of links) {
    let same = 0;
    while (same < open.length && same < link.folder.length && open[same] === link.folder[same]) same++;
    while (open.length > same) {
      out.push('</DL><p>');
      open = open.slice(0, -1);
    }
    for (const name of link.folder.slice(same)) {
      out.push(`<DT><H3 ADD_DATE="1500000000">${escapeHtml(name)}</H3>`, '<DL><p>');
      open = [...open, name];
    }
    out.push(`<DT><A HREF="${escapeHtml(link.url)}" ADD_DATE="${link.addDate}">${escapeHtml(link.title)}</A>`);
    if (description) out.push(`<DD>${description.slice(0, opts.descriptionChars)}`);
  }
  while (open.length) {
    out.push('</DL><p>');
    open = open.slice(0, -1);
  }
  out.push('</DL><p>', '');
  return out.join('\n');
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The character references that bookmark exports and our own export write: named XML ones and numeric. */
function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return String.fromCodePoint(code);
  });
}

/**
 * link -> title of every web anchor of a Netscape file, as a browser shows the title (references
 * decoded, white space collapsed), read apart from the server's parser so that tests of a round
 * trip compare against the file itself. The first anchor of an address wins, as on import.
 */
export function anchorTitles(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<A\s[^>]*HREF="([^"]*)"[^>]*>([\s\S]*?)<\/A>/gi)) {
    const link = decodeReferences(m[1]!).trim();
    const title = decodeReferences(m[2]!).replace(/\s+/g, ' ').trim();
    if (/^https?:\/\/[^/]/i.test(link) && title && !out.has(link)) out.set(link, title);
  }
  return out;
}
