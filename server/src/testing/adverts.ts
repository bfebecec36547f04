import type { CreateAdvertInput } from '@linkhive/shared/domain';
import type { Agent, TestServer } from './harness.js';

/** A description of exactly `n` plain-text characters, in the markup the editor writes. */
export function descriptionOf(n: number): string {
  const words = 'Fresh bread baked every morning with local flour and care. ';
  const text = words.repeat(Math.ceil(n / words.length)).slice(0, n);
  // The rule trims: no space may end the text.
  const fixed = text.endsWith(' ') ? `${text.slice(0, -1)}.` : text;
  return `<p><strong>${fixed.slice(0, 10)}</strong>${fixed.slice(10)}</p>`;
}

export function advertInput(title: string, over: Partial<CreateAdvertInput> = {}): CreateAdvertInput {
  return {
    title,
    category: 'Food',
    link: `https://${title.toLowerCase().replace(/[^a-z1-9]+/g, '-')}.example.com/`,
    description: descriptionOf(240),
    ...over,
  };
}

let count = 0;
/** A fresh signed-up user on its own agent. */
export async function newUser(t: TestServer, name = 'Ann'): Promise<{ agent: Agent; id: string; email: string }> {
  const agent = t.agent();
  const email = `${name.toLowerCase()}-${++count}-${Date.now()}@example.com`;
  const { user } = await agent.seedAccount(email, name);
  return { agent, id: user.id, email };
}

/** An operator-granted admin, as `npm run admin -- grant` makes one. */
export async function newAdmin(t: TestServer) {
  const admin = await newUser(t, 'Boss');
  await t.server.permissions.grant(admin.id, 'admin', 'operator');
  return admin;
}

/** Mails to one address, once every queued mail job has run. */
export async function mailsTo(t: TestServer, email: string) {
  await t.server.worker.idle();
  return (await t.outbox()).filter((m) => m.to.includes(email));
}
