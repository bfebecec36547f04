import {
  paidPlanKeys,
  planFlags,
  planNames,
  planOfPermissions,
  type AdminAuditEntry,
  type Permissions,
} from '@linkhive/shared/domain';

/** Each flag's name on the admin screens: a plan's flag is named as its plan. */
export const flagLabels = {
  admin: 'Admin',
  advertiser: 'Advertiser',
  ...Object.fromEntries(paidPlanKeys.map((key) => [planFlags[key], planNames[key]])),
} as Record<keyof Permissions, string>;

/** The plan the flags give: the highest subscription flag, else Free (as every gate reads them). */
export const planOf = (p: Permissions): string => planNames[planOfPermissions(p)];

/** 'Admin on, Advertiser off'. */
export function describeChange(change: AdminAuditEntry['change']): string {
  return (Object.entries(change) as [keyof Permissions, boolean][])
    .map(([flag, on]) => `${flagLabels[flag]} ${on ? 'on' : 'off'}`)
    .join(', ');
}
