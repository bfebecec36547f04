import { Button } from '@mui/material';
import { BottomNotice } from './BottomNotice';
import {
  dismissInstallBanner,
  installApp,
  installBannerVisible,
  isStandalone,
  useInstallPrompt,
} from './installPrompt';

/** Invites the visitor to install the app once the browser offers it; dismissed for 7 days. */
export function InstallBanner() {
  const state = useInstallPrompt();
  if (!installBannerVisible(state, Date.now(), isStandalone())) return null;
  return (
    <BottomNotice
      title="Install Linkhive"
      text="Add Linkhive to your device: it opens in its own window, starts faster and keeps working offline."
      actions={
        <>
          <Button color="inherit" onClick={() => dismissInstallBanner()}>
            Not now
          </Button>
          <Button variant="contained" onClick={() => void installApp()}>
            Install
          </Button>
        </>
      }
    />
  );
}
