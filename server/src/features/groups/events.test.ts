import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGroupSchema,
  defaultTrashDays,
  groupLinkSchema,
  permissionFlags,
  type Permissions,
} from '@linkhive/shared/domain';
import { openDatabase, type Db } from '../../db/index.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { MailMessage } from '../../integrations/mail/index.js';
import type { GroupChange } from './events.js';
import { groupLinkTrash } from './link-trash.js';
import { groupMails } from './mails.js';
import { groupRepository } from './repository.js';
import { groupService, type GroupUser } from './service.js';

const noPlan = Object.fromEntries(permissionFlags.map((f) => [f, false])) as Permissions;
const pro: Permissions = { ...noPlan, subscriptionPro: true };

/**
 * The service on its own, with a recording event sink: each change is reported once it has
 * committed (the sink reads the database as a listener would), with the kinds live updates expect.
 */
describe('workspace change events', () => {
  let dir: string;
  let database: Db;
  const seen: Array<GroupChange & { groupExists: boolean; links: number }> = [];
  const mails: MailMessage[] = [];
  let failPublish = false;
  const users: Record<'owner' | 'member', GroupUser> = {
    owner: { id: 'u-owner', name: 'Olive', email: 'olive@example.com' },
    member: { id: 'u-member', name: 'Mia', email: 'mia@example.com' },
  };
  let groups: ReturnType<typeof groupService>;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-groups-'));
    database = await openDatabase({ databaseUrl: null, dataDir: dir });
    await migrateToLatest(database);
    const { db } = database;
    const at = new Date().toISOString();
    for (const u of Object.values(users))
      await db
        .insertInto('user')
        .values({ ...u, emailVerified: 1, image: null, createdAt: at, updatedAt: at })
        .execute();
    groups = groupService({
      repo: groupRepository(db, database.dialect),
      trash: { links: groupLinkTrash(db, database.dialect), days: defaultTrashDays },
      permissions: { permissionsOf: async (u) => (u.id === users.owner.id ? pro : noPlan) },
      mails: groupMails({
        publicUrl: 'http://linkhive.test',
        // The mails queued, as the mail job would send them.
        outbox: {
          enqueue: async () => {},
          enqueueIn: async (_trx, _type, mail) => void mails.push(mail as MailMessage),
          poke: () => {},
        },
      }),
      events: {
        async publish(change) {
          // What a listener that reloads on this event would find.
          const group = await db
            .selectFrom('workspace_group')
            .select('id')
            .where('id', '=', change.groupId)
            .executeTakeFirst();
          const links = await db
            .selectFrom('group_link')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('group_id', '=', change.groupId)
            .executeTakeFirstOrThrow();
          seen.push({ ...change, groupExists: !!group, links: Number(links.n) });
          if (failPublish) throw new Error('bus down');
        },
      },
    });
  });
  afterAll(async () => {
    await database?.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const take = () =>
    seen.splice(0).map(({ groupId, kind, userId, groupExists, links }) => ({
      groupId,
      kind,
      ...(userId ? { userId } : {}),
      groupExists,
      links,
    }));

  // The service takes its inputs as the routes' contract parses them, defaults filled in.
  it('reports every change after it commits, with the kind live updates expect', async () => {
    const { owner, member } = users;
    const { group } = await groups.create(owner, { name: 'Team', email: member.email });
    const { group: other } = await groups.create(owner, createGroupSchema.parse({ name: 'Other' }));
    expect(take()).toEqual([
      { groupId: group.id, kind: 'members', groupExists: true, links: 0 },
      { groupId: other.id, kind: 'members', groupExists: true, links: 0 },
    ]);
    const token = mails[0]!.text.match(/token=([0-9a-f]{40})/)![1]!;
    await groups.accept(member, { token });
    await groups.rename(owner, group.id, { name: 'Renamed' });
    const { link } = await groups.addLink(
      owner,
      group.id,
      groupLinkSchema.parse({ link: 'https://a.example.com', title: 'A' }),
    );
    await groups.updateLink(owner, group.id, link.id, { title: 'B' });
    await groups.moveLink(owner, group.id, link.id, { groupId: other.id });
    await groups.deleteLink(owner, other.id, link.id);
    expect(take()).toEqual([
      { groupId: group.id, kind: 'members', groupExists: true, links: 0 },
      { groupId: group.id, kind: 'group', groupExists: true, links: 0 },
      { groupId: group.id, kind: 'links', groupExists: true, links: 1 },
      { groupId: group.id, kind: 'links', groupExists: true, links: 1 },
      { groupId: group.id, kind: 'links', groupExists: true, links: 0 },
      { groupId: other.id, kind: 'links', groupExists: true, links: 1 },
      { groupId: other.id, kind: 'links', groupExists: true, links: 0 },
    ]);
    await groups.invite(owner, group.id, { email: 'pending@example.com' });
    await groups.leave(member, group.id);
    expect(take()).toEqual([
      { groupId: group.id, kind: 'members', groupExists: true, links: 0 },
      { groupId: group.id, kind: 'members', groupExists: true, links: 0 },
      { groupId: group.id, kind: 'removed', userId: member.id, groupExists: true, links: 0 },
    ]);
    await groups.invite(owner, group.id, { email: member.email });
    await groups.accept(member, { token: mails.at(-1)!.text.match(/token=([0-9a-f]{40})/)![1]! });
    take();
    await groups.removeMember(owner, group.id, member.id);
    await groups.remove(owner, group.id);
    expect(take()).toEqual([
      { groupId: group.id, kind: 'members', groupExists: true, links: 0 },
      { groupId: group.id, kind: 'removed', userId: member.id, groupExists: true, links: 0 },
      { groupId: group.id, kind: 'deleted', groupExists: false, links: 0 },
    ]);
  });

  it('keeps a committed change when the report fails', async () => {
    failPublish = true;
    try {
      const created = await groups.create(users.owner, createGroupSchema.parse({ name: 'Still here' }));
      expect(created.message).toBe('Group created successfully!');
      expect((await groups.list(users.owner)).items.map((g) => g.name)).toContain('Still here');
    } finally {
      failPublish = false;
      take();
    }
  });
});
