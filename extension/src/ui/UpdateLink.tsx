import { Link } from '@mui/material';
import { extensionStoreLinks } from '@linkhive/shared/domain';
import { pageTexts } from './texts';

/** Edge says so in its user agent ('Edg/'); every other Chromium gets the Chrome Web Store. */
export const storeLink = () =>
  /\bEdg\//.test(navigator.userAgent) ? extensionStoreLinks.edge : extensionStoreLinks.chrome;

/** Beside "please update": where the update is, so the message is something the user can act on. */
export function UpdateLink() {
  return (
    <Link href={storeLink()} target="_blank" rel="noopener" color="inherit" sx={{ fontWeight: 600 }}>
      {pageTexts.updateExtension}
    </Link>
  );
}
