import { useEffect, useState } from 'react';
import type { TabInfo } from '../../platform/browser';
import { platform } from '../extension';

export type CurrentTab = { status: 'loading' } | { status: 'ready'; tab: TabInfo | null };

let finding: Promise<TabInfo | null> | null = null;

/**
 * The tab the popup saves: the active tab, or the one named by `?tabId=` when the popup is opened
 * as a page of its own (end-to-end tests and the bench open it that way). Asked once per popup.
 */
export function findCurrentTab(): Promise<TabInfo | null> {
  finding ??= (() => {
    const given = Number(new URLSearchParams(location.search).get('tabId'));
    const found = Number.isInteger(given) && given > 0 ? platform.tabs.get(given) : platform.tabs.active();
    return found.catch(() => null);
  })();
  return finding;
}

export function useCurrentTab(): CurrentTab {
  const [current, setCurrent] = useState<CurrentTab>({ status: 'loading' });
  useEffect(() => {
    void findCurrentTab().then((tab) => setCurrent({ status: 'ready', tab }));
  }, []);
  return current;
}
