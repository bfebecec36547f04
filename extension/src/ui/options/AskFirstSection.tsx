import { pageTexts } from '../texts';
import { SettingSwitch } from './SettingSwitch';

/** One click saves (the default) or the popup asks first, with the form, as it used to. */
export function AskFirstSection({ askFirst }: { askFirst: boolean }) {
  return (
    <SettingSwitch setting="askFirst" value={askFirst} label={pageTexts.askFirstLabel} help={pageTexts.askFirstHelp} />
  );
}
