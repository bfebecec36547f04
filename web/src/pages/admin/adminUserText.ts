import type { AdminAuditEntry, Permissions } from '@linkhive/shared/domain';

export const flagLabels: Record<keyof Permissions, string> = {
  admin: 'Admin',
  advertiser: 'Advertiser',
  subscriptionPro: 'Pro',
  subscriptionBusiness: 'Business',
  subscriptionEnterprise: 'Enterprise',
};

/** The plan the flags give: the highest subscription flag, else Free (as every gate reads them). */
export function planOf(p: Permissions): string {
  if (p.subscriptionEnterprise) return 'Enterprise';
  if (p.subscriptionBusiness) return 'Business';
  if (p.subscriptionPro) return 'Pro';
  return 'Free';
}

/** 'Admin on, Advertiser off'. */
export function describeChange(change: AdminAuditEntry['change']): string {
  return (Object.entries(change) as [keyof Permissions, boolean][])
    .map(([flag, on]) => `${flagLabels[flag]} ${on ? 'on' : 'off'}`)
    .join(', ');
}
