import { Link } from '@mui/material';
import { useExtensionSession } from './session';
import { pageTexts } from './texts';

/**
 * The web app of the server the extension is signed in to: categories, favourites, feeds and
 * everything the popup and the side panel do not do. Nothing when signed out (the sign-in form has
 * its own links there).
 */
export function OpenWebAppLink({ path = '/categories' }: { path?: string }) {
  const session = useExtensionSession((s) => s.session);
  if (!session) return null;
  return (
    <Link href={`${session.serverUrl}${path}`} target="_blank" rel="noopener" variant="body2">
      {pageTexts.openWebApp}
    </Link>
  );
}
