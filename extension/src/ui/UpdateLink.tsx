import { Link } from '@mui/material';
import { extensionPagePath } from '@linkhive/shared/domain';
import { pageTexts } from './texts';

/** Where a newer extension is: the server's own page, which names its store listing or serves the zip. */
export const updatePageOf = (serverUrl: string) => `${serverUrl}${extensionPagePath}`;

/** Beside "please update": where the update is, so the message is something the user can act on. */
export function UpdateLink({ serverUrl }: { serverUrl: string }) {
  return (
    <Link href={updatePageOf(serverUrl)} target="_blank" rel="noopener" color="inherit" sx={{ fontWeight: 600 }}>
      {pageTexts.updateExtension}
    </Link>
  );
}
