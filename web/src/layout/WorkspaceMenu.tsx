import { LazyMenuButton } from './LazyMenuButton';
import { workspaceItems } from './navItems';

/** The workspace's pages, for those who have a group or may make one. */
export function WorkspaceMenu() {
  return <LazyMenuButton label="Workspace" items={workspaceItems} />;
}
