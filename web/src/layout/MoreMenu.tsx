import { LazyMenuButton } from './LazyMenuButton';
import type { NavItem } from './navItems';

/** The top bar's entries that no longer fit beside the others, as links in a menu. */
export function MoreMenu({ items, current }: { items: NavItem[]; current?: string }) {
  return <LazyMenuButton label="More" items={items} current={current} />;
}
