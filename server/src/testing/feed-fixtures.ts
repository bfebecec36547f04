/**
 * The feeds of test/fixtures/feeds with what a correct parser finds in them, copied from the
 * table in test/fixtures/SOURCES.md (item counts, first titles after decoding).
 */
export interface FeedFixture {
  file: string;
  items: number;
  firstTitle: string;
  encoding: string;
}

export const feedFixtures: FeedFixture[] = [
  { file: 'rss2-content-encoded-medium.xml', items: 7, firstTitle: 'THE CREATIVE FORAGER', encoding: 'utf-8' },
  {
    file: 'rss1-rdf-craigslist.xml',
    items: 25,
    firstTitle: 'Bright, Spacious Beautiful Victorian (oakland north / temescal) $4300 3bd 1930ft2',
    encoding: 'utf-8',
  },
  {
    file: 'rss090-rdf-heise.xml',
    items: 60,
    firstTitle: 'OLED-TVs: Vorsichtsmaßnahmen gegen Einbrennen',
    encoding: 'utf-8',
  },
  {
    file: 'atom-xhtml-content-reddit.xml',
    items: 24,
    firstTitle: 'How the British as seen by Americans and Europeans',
    encoding: 'utf-8',
  },
  {
    file: 'atom-heise-developer.xml',
    items: 15,
    firstTitle: 'Java-Anwendungsserver: Red Hat gibt WildFly 10 frei',
    encoding: 'utf-8',
  },
  {
    file: 'atom-github-commits-media-thumbnail.xml',
    items: 20,
    firstTitle: 'Parse podcast categories',
    encoding: 'utf-8',
  },
  {
    file: 'rss2-bbc-urdu-media-thumbnail-cdata.xml',
    items: 26,
    firstTitle: 'امریکی عسکری امداد کی بندش کی وجوہات: انڈیا سے جنگ، جوہری پروگرام اور اب دہشت گردوں کی پشت پناہی',
    encoding: 'utf-8',
  },
  { file: 'podcast-itunes-enclosure-podigee.xml', items: 1, firstTitle: 'Trailer', encoding: 'utf-8' },
  {
    file: 'rss2-iso-8859-1-jn.xml',
    items: 40,
    firstTitle: 'Mãe de utente é a nova presidente da Raríssimas',
    encoding: 'iso-8859-1',
  },
  { file: 'rss2-windows-1251-ibash.xml', items: 50, firstTitle: 'Цитата #17703', encoding: 'windows-1251' },
  {
    file: 'rss2-latin1-no-xml-declaration.xml',
    items: 10,
    firstTitle: 'Perturbateurs endocriniens : quels effets sur le cerveau ?',
    encoding: 'windows-1252',
  },
];

/** Neither RSS nor Atom: a server's 'Document Moved' page. */
export const malformedFeed = 'malformed-html-document-moved.xml';

export const feedFixture = (file: string) => {
  const found = feedFixtures.find((f) => f.file === file);
  if (!found) throw new Error(`No feed fixture ${file}`);
  return found;
};
