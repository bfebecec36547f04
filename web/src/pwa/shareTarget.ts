/**
 * The manifest's Web Share Target: an installed Linkhive shows in the phone's (and desktop Chrome's)
 * share sheet, which POSTs what was shared to the server's /share-target. Written out here rather
 * than imported from @linkhive/shared, because vite.config.ts loads this file in Node, where the
 * shared package's TypeScript sources cannot be imported; shareTarget.test.ts holds the two together.
 *
 * multipart/form-data rather than urlencoded: it is the encoding that can also carry files, so that a
 * later share of an image or a page's file needs no change of encoding in the manifests that installed
 * apps have already fetched, and the server reads both encodings in any case.
 */
export const shareTarget = {
  action: '/share-target',
  method: 'POST' as const,
  enctype: 'multipart/form-data',
  params: { title: 'title', text: 'text', url: 'url' },
};
