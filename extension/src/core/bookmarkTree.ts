import type { JsonImportInput } from '@linkhive/shared/domain';
import type { BrowserBookmarkNode } from '../platform/browser';

export type ImportItem = JsonImportInput['items'][number];

export interface BookmarkTreeSummary {
  /** The web links, each with the folder names above it (the nearest becomes its category). */
  items: ImportItem[];
  links: number;
  folders: number;
  /** Bookmarks that are not web pages (javascript:, chrome://, file:), which the import skips. */
  skippedNotWeb: number;
}

const isWeb = (url: string) => /^https?:\/\/[^/]/i.test(url.trim());

/**
 * Reads the tree from bookmarks.getTree(). Its root and the browser's own top-level containers
 * (Bookmarks bar, Other bookmarks, Mobile bookmarks) are not folders the user made: links directly
 * in them have no folder and go to 'Uncategorized', as links outside any folder of an export file do.
 */
export function readBookmarkTree(roots: BrowserBookmarkNode[]): BookmarkTreeSummary {
  const summary: BookmarkTreeSummary = { items: [], links: 0, folders: 0, skippedNotWeb: 0 };

  const visit = (node: BrowserBookmarkNode, path: string[], depth: number) => {
    if (node.url !== undefined) {
      if (!isWeb(node.url)) {
        summary.skippedNotWeb++;
        return;
      }
      summary.links++;
      summary.items.push({ title: node.title, url: node.url.trim(), folder: path, addedAt: node.dateAdded });
      return;
    }
    // Depth 0 is the nameless root, depth 1 the browser's containers; deeper folders are the user's.
    const own = depth >= 2;
    if (own) summary.folders++;
    const next = own ? [...path, node.title] : path;
    for (const child of node.children ?? []) visit(child, next, depth + 1);
  };

  for (const root of roots) visit(root, [], 0);
  return summary;
}
