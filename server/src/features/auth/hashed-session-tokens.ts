import { createHash } from 'node:crypto';

// better-auth keeps session tokens in clear in its session table. A leaked database must not hand
// out live sessions, so this wrapper around its adapter stores only SHA-256 hashes of the tokens
// and gives better-auth the clear token back wherever it asked with one.

type Where = { field: string; value: unknown; operator?: string; connector?: string };
type AdapterCall = {
  model?: string;
  where?: Where[];
  data?: Record<string, unknown>;
  update?: Record<string, unknown>;
};
type Adapter = Record<string, unknown> & { transaction?: (cb: (trx: Adapter) => Promise<unknown>) => Promise<unknown> };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function hashWhere(where: Where[] | undefined, clear: Map<string, string>): Where[] | undefined {
  return where?.map((w) => {
    if (w.field !== 'token') return w;
    const one = (v: unknown) => {
      if (typeof v !== 'string') return v;
      const h = hashToken(v);
      clear.set(h, v);
      return h;
    };
    return { ...w, value: Array.isArray(w.value) ? w.value.map(one) : one(w.value) };
  });
}

function restore(out: unknown, clear: Map<string, string>): unknown {
  if (Array.isArray(out)) return out.map((o) => restore(o, clear));
  if (out && typeof out === 'object' && 'token' in out) {
    const token = (out as { token: unknown }).token;
    if (typeof token === 'string' && clear.has(token)) return { ...out, token: clear.get(token) };
  }
  return out;
}

export function withHashedSessionTokens<A extends object>(adapter: A): A {
  const wrapped = new Proxy(adapter as A & Adapter, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'transaction') {
        return (cb: (trx: Adapter) => Promise<unknown>) =>
          (value as NonNullable<Adapter['transaction']>).call(target, (trx) => cb(withHashedSessionTokens(trx)));
      }
      return async (call: AdapterCall, ...rest: unknown[]) => {
        if (!call || call.model !== 'session') return value.call(target, call, ...rest);
        const clear = new Map<string, string>();
        const next: AdapterCall = { ...call, where: hashWhere(call.where, clear) };
        for (const key of ['data', 'update'] as const) {
          const token = call[key]?.token;
          if (typeof token === 'string') {
            const h = hashToken(token);
            clear.set(h, token);
            next[key] = { ...call[key], token: h };
          }
        }
        return restore(await value.call(target, next, ...rest), clear);
      };
    },
  });
  return wrapped;
}
