import { Button, Link } from '@mui/material';
import { useExtensionSession } from './session';
import { pageTexts } from './texts';

/**
 * The web app of the server the extension is signed in to: categories, favourites, feeds and
 * everything the popup and the side panel do not do. Nothing when signed out (the sign-in form has
 * its own links there). `asButton` matches the popup's row of small buttons; it is a link all the same.
 */
export function OpenWebAppLink({ path = '/categories', asButton = false }: { path?: string; asButton?: boolean }) {
  const session = useExtensionSession((s) => s.session);
  if (!session) return null;
  const href = `${session.serverUrl}${path}`;
  if (asButton)
    return (
      <Button size="small" href={href} target="_blank" rel="noopener">
        {pageTexts.openWebApp}
      </Button>
    );
  return (
    <Link href={href} target="_blank" rel="noopener" variant="body2">
      {pageTexts.openWebApp}
    </Link>
  );
}
