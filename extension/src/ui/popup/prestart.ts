import { linkKeyOf } from '../../core/savedUrls';
import { api, platform, savedUrls } from '../extension';
import { openPage } from './pageStatus';
import { findCurrentTab } from './useCurrentTab';

/**
 * Starts the toolbar click's save as soon as the popup's script runs, before React has drawn
 * anything: the save's round trip then overlaps the first render instead of following it. The
 * popup picks up the same opening (openPage keeps it); a failure here shows there.
 */
export function prestart() {
  void findCurrentTab()
    .then((tab) => (tab && linkKeyOf(tab.url) ? openPage(platform, { api, savedUrls }, tab) : null))
    .catch(() => null);
}
