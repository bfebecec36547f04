import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ownerTag } from '../db/search-index-words.js';
import { afterEach, describe, expect, it } from 'vitest';
import { diskFileStore } from '../integrations/files/index.js';
import { startTestServer } from '../testing/harness.js';
import { backupSqlite, type BackupManifest } from './backup.js';

const temps: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-backup-'));
  temps.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('backupSqlite', () => {
  it('copies a server that is saving: the copy is sound and holds every save acknowledged before it began', async () => {
    const t = await startTestServer('sqlite');
    try {
      const ann = t.agent();
      await ann.seedAccount('ann-backup@example.com');
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const stored = await diskFileStore(t.dataDir).put('screenshots', 'example.com.png', png);

      // Three clients save without pause until the backup has finished.
      const acked: string[] = [];
      let saving = true;
      let serial = 0;
      let reached: () => void;
      const enoughSaved = new Promise<void>((resolve) => (reached = resolve));
      const saver = async () => {
        while (saving) {
          const i = serial++;
          const res = await ann.post('/api/bookmarks', {
            link: `https://site${i}.example.org/page/${i}`,
            title: `Page ${i}`,
            category: `Topic ${i % 5}`,
          });
          if (res.status !== 201) throw new Error(`save ${i} answered ${res.status}: ${JSON.stringify(res.body)}`);
          acked.push(res.body.id);
          if (acked.length === 30) reached();
        }
      };
      const savers = [saver(), saver(), saver()];
      await enoughSaved;

      const target = path.join(await tempDir(), 'backup');
      const before = [...acked];
      let manifest: BackupManifest;
      try {
        manifest = await backupSqlite({ dataDir: t.dataDir, target });
      } finally {
        saving = false;
        await Promise.all(savers);
      }

      const copy = new Database(path.join(target, 'linkhive.db'), { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
        const ids = new Set(copy.prepare('select id from bookmark').pluck().all() as string[]);
        expect(before.filter((id) => !ids.has(id))).toEqual([]);
        expect(manifest.counts).toEqual({ users: 1, bookmarks: ids.size });
        // The search index came along: the copy finds a save by a word of its title (tagged with its owner).
        const owner = copy.prepare('select id from owner').pluck().get() as number;
        const found = copy
          .prepare('select count(*) from bookmark_fts where bookmark_fts match ?')
          .pluck()
          .get(`"${ownerTag(owner)}page"`);
        expect(found).toBe(ids.size);
      } finally {
        copy.close();
      }
      const written = JSON.parse(await fs.readFile(path.join(target, 'backup.json'), 'utf8'));
      expect(written).toEqual(manifest);
      expect(manifest.migration).toMatch(/^\d{8}T\d{4}_/);
      expect(Date.parse(manifest.startedAt)).toBeLessThanOrEqual(Date.parse(manifest.finishedAt));
      expect(manifest.files).toBe(1);
      expect(await fs.readFile(path.join(target, stored))).toEqual(png);
      expect((await fs.readdir(target)).sort()).toEqual(['backup.json', 'files', 'linkhive.db']);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuses a folder that is not empty and leaves it as it was', async () => {
    const dataDir = await tempDir();
    new Database(path.join(dataDir, 'linkhive.db')).close();
    const target = await tempDir();
    await fs.writeFile(path.join(target, 'notes.txt'), 'mine');
    await expect(backupSqlite({ dataDir, target })).rejects.toThrow(`${target} is not empty`);
    expect(await fs.readdir(target)).toEqual(['notes.txt']);
  });

  it('refuses a DATA_DIR without a database', async () => {
    const dataDir = await tempDir();
    const target = path.join(await tempDir(), 'backup');
    await expect(backupSqlite({ dataDir, target })).rejects.toThrow(
      `No database at ${path.join(dataDir, 'linkhive.db')}`,
    );
    await expect(fs.stat(target)).rejects.toThrow('ENOENT');
  });

  it('on Postgres refuses and says how to back Postgres up', async () => {
    const target = path.join(await tempDir(), 'backup');
    await expect(
      backupSqlite({ dataDir: await tempDir(), target, databaseUrl: 'postgres://127.0.0.1/linkhive' }),
    ).rejects.toThrow(/pg_dump .*stored_file/);
    await expect(fs.stat(target)).rejects.toThrow();
  });
});
