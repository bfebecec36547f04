const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ExportRow {
  title: string;
  link: string;
  category: string;
  favourite: number | boolean;
  rss_feed: string | null;
  created_at: string;
  updated_at: string;
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

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
  return `    <DT><H3 ADD_DATE="${seconds(createdAt)}">${escapeHtml(name)}</H3>\n    <DL><p>\n`;
}

export const folderClose = '    </DL><p>\n';

/** One link as browsers write it; favourites carry TAGS="favourite" and feeds FEEDURL, which our import reads back. */
export function bookmarkLine(b: ExportRow): string {
  const attrs = [
    `HREF="${escapeHtml(b.link)}"`,
    `ADD_DATE="${seconds(b.created_at)}"`,
    `LAST_MODIFIED="${seconds(b.updated_at)}"`,
  ];
  if (Number(b.favourite) === 1 || b.favourite === true) attrs.push('TAGS="favourite"');
  if (b.rss_feed) attrs.push(`FEEDURL="${escapeHtml(b.rss_feed)}"`);
  return `        <DT><A ${attrs.join(' ')}>${escapeHtml(b.title)}</A>\n`;
}
