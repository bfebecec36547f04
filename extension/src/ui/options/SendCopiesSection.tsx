import { pageTexts } from '../texts';
import { SettingSwitch } from './SettingSwitch';

/** Whether a save of the page the user is on sends the page to their server for its readable copy (on by default). */
export function SendCopiesSection({ sendCopies }: { sendCopies: boolean }) {
  return (
    <SettingSwitch
      setting="sendCopies"
      value={sendCopies}
      label={pageTexts.sendCopiesLabel}
      help={pageTexts.sendCopiesHelp}
    />
  );
}
