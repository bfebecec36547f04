import { Link } from '@mui/material';
import { extensionPagePath } from '@linkhive/shared/domain';
import { asksForUpdate } from '../core/handshake';
import { useExtensionSession } from './session';
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

/**
 * A message as the extension's pages show it: a 'please update' (wherever it comes from: a list, a
 * waiting save, the sign-in) comes with the link to the update, so that it is something to act on.
 */
export function MessageWithUpdate({ message }: { message: string }) {
  const serverUrl = useExtensionSession((s) => s.settings.serverUrl);
  if (!asksForUpdate(message)) return message;
  return (
    <>
      {message} <UpdateLink serverUrl={serverUrl} />
    </>
  );
}
