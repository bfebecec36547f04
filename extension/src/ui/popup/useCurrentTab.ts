import { useEffect, useState } from 'react';
import type { TabInfo } from '../../platform/browser';
import { platform } from '../extension';

export type CurrentTab = { status: 'loading' } | { status: 'ready'; tab: TabInfo | null };

/**
 * The tab the popup saves: the active tab, or the one named by `?tabId=` when the popup is opened
 * as a page of its own (end-to-end tests and the bench open it that way).
 */
export function useCurrentTab(): CurrentTab {
  const [current, setCurrent] = useState<CurrentTab>({ status: 'loading' });
  useEffect(() => {
    const given = Number(new URLSearchParams(location.search).get('tabId'));
    const found = Number.isInteger(given) && given > 0 ? platform.tabs.get(given) : platform.tabs.active();
    void found.then(
      (tab) => setCurrent({ status: 'ready', tab }),
      () => setCurrent({ status: 'ready', tab: null }),
    );
  }, []);
  return current;
}
