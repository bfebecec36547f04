import { savePageParams, savePagePath } from '@linkhive/shared/domain';

/** The bookmarklet's window: small, as the extension's popup is; one name, so a second click reuses it. */
export const bookmarkletWindow = { name: 'linkhive-save', features: 'width=520,height=700' } as const;

/**
 * The bookmarklet: a `javascript:` address that runs on the page being read and opens this site's
 * save page in a small window with the page's address and title. It loads no script of ours or
 * anyone's into that page, and sends nothing but the two query parameters to our own origin.
 * Written without spaces or '%', which a browser would decode in a javascript: address before
 * running it. When a popup blocker says no, the page itself goes to the save page (without the
 * popup flag, as no script then opened the window and it cannot close itself).
 */
export function bookmarkletCode(origin: string): string {
  // The origin is the address bar's, and goes inside a quoted string of the code.
  if (!/^https?:\/\/[\w.:[\]-]+$/.test(origin)) throw new Error(`Not an origin: ${origin}`);
  const p = savePageParams;
  // Parameters stand in for declarations, which would need a space ('var q').
  const body = [
    `q='${p.url}='+e(location.href)+'&${p.title}='+e(document.title)`,
    `b='${origin}${savePagePath}?'`,
    `w=window.open(b+'${p.popup}=1&'+q,'${bookmarkletWindow.name}','${bookmarkletWindow.features}')`,
    'if(!w)location.href=b+q',
  ].join(';');
  return `javascript:(function(e,q,b,w){${body}})(encodeURIComponent)`;
}
