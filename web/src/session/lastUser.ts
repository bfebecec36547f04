import { planOfPermissions, type Me } from '@linkhive/shared/domain';

// The last account the server confirmed, kept so that the installed app still opens for its user
// while the device is offline. It holds what the screen shows (name, email, plan flags), no secret:
// the session itself stays in the httpOnly cookie, and every request is still checked by the server.
const key = 'linkhive.lastUser';

export function readLastUser(): Me | null {
  try {
    const stored = globalThis.localStorage?.getItem(key);
    if (!stored) return null;
    const me = JSON.parse(stored) as Me;
    if (!me?.user?.id || !me.permissions) return null;
    // Kept by a version before `plan` existed: its flags still say which plan, not who gave it.
    if (!me.plan) {
      const key = planOfPermissions(me.permissions);
      me.plan = { key, source: key === 'free' ? 'free' : 'billing' };
    }
    return me;
  } catch {
    return null;
  }
}

export function writeLastUser(me: Me | null) {
  try {
    if (me) globalThis.localStorage?.setItem(key, JSON.stringify(me));
    else globalThis.localStorage?.removeItem(key);
  } catch {
    // Storage can be full or switched off; the app then simply does not open offline.
  }
}
