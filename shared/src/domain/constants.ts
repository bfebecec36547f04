export const limits = {
  nameMax: 50,
  passwordMin: 8,
  titleMax: 50,
  customCategoryMax: 25,
} as const;

export const mobileBreakpointPx = 600;

export const permissionFlags = [
  'admin',
  'advertiser',
  'subscriptionPro',
  'subscriptionBusiness',
  'subscriptionEnterprise',
] as const;

export type PermissionFlag = (typeof permissionFlags)[number];
export type Permissions = Record<PermissionFlag, boolean>;

export function hasPaidPlan(p: Permissions): boolean {
  return p.subscriptionPro || p.subscriptionBusiness || p.subscriptionEnterprise;
}
