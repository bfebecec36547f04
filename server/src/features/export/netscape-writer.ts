const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const special = /[&<>"']/;
// Most titles and addresses have nothing to escape: they are returned as they are, unscanned twice.
const escapeHtml = (s: string) => (special.test(s) ? s.replace(/[&<>"']/g, (c) => entities[c]!) : s);

export interface ExportRow {
  title: string;
  link: string;
  category: string;
  favourite: number | boolean;
  rss_feed: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * ISO times as the file's seconds, keeping the last answer. Rows of one import share their save
 * time and often their dates, so each column gets its own: most rows then parse no date at all.
 */
function secondsOf(): (iso: string) => number {
  let lastIso = '';
  let lastSeconds = 0;
  return (iso) => {
    if (iso !== lastIso) {
      lastSeconds = Math.floor(new Date(iso).getTime() / 1000);
      lastIso = iso;
    }
    return lastSeconds;
  };
}
const created = secondsOf();
const updated = secondsOf();

export const netscapeHeader = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
`;

export const netscapeFooter = '</DL><p>\n';

export function folderOpen(name: string, createdAt: string): string {
  return `    <DT><H3 ADD_DATE="${created(createdAt)}">${escapeHtml(name)}</H3>\n    <DL><p>\n`;
}

export const folderClose = '    </DL><p>\n';

/** One link as browsers write it; favourites carry TAGS="favourite" and feeds FEEDURL, which our import reads back. */
export function bookmarkLine(b: ExportRow): string {
  const favourite = Number(b.favourite) === 1 || b.favourite === true ? ' TAGS="favourite"' : '';
  const feed = b.rss_feed ? ` FEEDURL="${escapeHtml(b.rss_feed)}"` : '';
  return `        <DT><A HREF="${escapeHtml(b.link)}" ADD_DATE="${created(b.created_at)}" LAST_MODIFIED="${updated(b.updated_at)}"${favourite}${feed}>${escapeHtml(b.title)}</A>\n`;
}

/**
 * The file's body, a page of rows (in folder order) at a time: a folder opens when the category
 * changes and stays open across pages, so a category split by a page boundary is one folder.
 */
export function netscapeBody() {
  let folder: string | null = null;
  return {
    page(rows: readonly ExportRow[]): string {
      let chunk = '';
      for (const row of rows) {
        if (row.category !== folder) {
          if (folder !== null) chunk += folderClose;
          chunk += folderOpen(row.category, row.created_at);
          folder = row.category;
        }
        chunk += bookmarkLine(row);
      }
      return chunk;
    },
    /** Closes the last folder, if any. */
    end: (): string => (folder === null ? '' : folderClose),
  };
}
