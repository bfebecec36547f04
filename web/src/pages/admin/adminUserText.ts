import { planNames, planOfPermissions, type AdminAuditEntry, type Permissions } from '@linkhive/shared/domain';

export const flagLabels: Record<keyof Permissions, string> = {
  admin: 'Admin',
  advertiser: 'Advertiser',
  subscriptionPro: 'Pro',
  subscriptionBusiness: 'Business',
  subscriptionEnterprise: 'Enterprise',
};

/** The plan the flags give: the highest subscription flag, else Free (as every gate reads them). */
export const planOf = (p: Permissions): string => planNames[planOfPermissions(p)];

/** 'Admin on, Advertiser off'. */
export function describeChange(change: AdminAuditEntry['change']): string {
  return (Object.entries(change) as [keyof Permissions, boolean][])
    .map(([flag, on]) => `${flagLabels[flag]} ${on ? 'on' : 'off'}`)
    .join(', ');
}
