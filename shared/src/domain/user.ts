import type { Permissions } from './constants.js';
import type { CurrentPlan } from './plans.js';

export type LayoutPreference = 'list' | 'grid';

export interface ProfileSettings {
  /** null: the page's own default (categoryTabColorDefaults). */
  categoryTabColor: string | null;
  layoutPreference: LayoutPreference;
}

export interface Me {
  user: { id: string; email: string; firstName: string; createdAt: string };
  profile: { displayName: string; photoURL: string | null; settings: ProfileSettings };
  permissions: Permissions;
  /** The plan the permissions give and who gave it: what every screen shows as the current plan. */
  plan: CurrentPlan;
  /** Whether the user owns or is an active member of a workspace group (the Workspace menu shows then). */
  hasGroups?: boolean;
}

export interface LoginResult extends Me {
  /** Present only when a bearer token was asked for (the extension). */
  token?: string;
}

export interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
}
