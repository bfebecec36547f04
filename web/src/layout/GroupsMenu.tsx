import { LazyMenuButton } from './LazyMenuButton';
import { groupsItems } from './navItems';

/** The workspace's pages, for those who have a group or may make one. */
export function GroupsMenu() {
  return <LazyMenuButton label="Workspace" items={groupsItems} />;
}
