import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { seedAccount, seedPassword } from '../../testing/factory.js';

// Done-when of issue 28: a client made from docs/openapi.json by a standard generator
// (@hey-api/openapi-ts) type-checks a small script that signs in and saves a bookmark, and the
// script does so against a real server.

const root = path.resolve(import.meta.dirname, '../../../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const script = `import { client } from './client/client.gen';
import { authLogin, bookmarksCreate, bookmarksGet, bookmarksSuggestedCategories } from './client';

let token: string | undefined;
client.setConfig({ baseUrl: process.env.BASE_URL, auth: (auth) => (auth.scheme === 'bearer' ? token : undefined) });

const login = await authLogin({
  query: { mode: 'token' },
  body: { email: process.env.EMAIL!, password: process.env.PASSWORD! },
  throwOnError: true,
});
token = login.data.token;
const suggested = await bookmarksSuggestedCategories({ throwOnError: true });
const category: string = suggested.data.items[0]!;
const saved = await bookmarksCreate({
  body: { link: 'https://www.rust-lang.org/', title: 'Rust', category, favourite: false },
  throwOnError: true,
});
const again = await bookmarksGet({ path: { id: saved.data.id }, throwOnError: true });
const title: string = again.data.title;
console.log(JSON.stringify({ id: saved.data.id, title, category: again.data.category, user: login.data.user.email }));
`;

// One run, on SQLite: the document and the generated client do not depend on the database.
describe.each(['sqlite' as const])('a client generated from the OpenAPI document (%s)', (dialect) => {
  let t: TestServer;
  let dir: string;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-openapi-client-'));
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('type-checks a script that signs in and saves a bookmark, and the script works', async () => {
    const generated = spawnSync(bin('openapi-ts'), ['-i', './docs/openapi.json', '-o', path.join(dir, 'client')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(generated.status, generated.stdout + generated.stderr).toBe(0);
    fs.writeFileSync(path.join(dir, 'script.ts'), script);
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');

    const flags = [
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
    ];
    const checked = spawnSync(
      bin('tsc'),
      [...flags, '--types', 'node', '--typeRoots', path.join(root, 'node_modules/@types'), 'script.ts'],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(checked.stdout + checked.stderr).toBe('');
    expect(checked.status).toBe(0);

    const account = await seedAccount(t, { name: 'Script' });
    // Not spawnSync: the server under test runs in this process and must go on answering.
    const ran = await promisify(execFile)(bin('jiti'), ['script.ts'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, BASE_URL: t.url, EMAIL: account.email, PASSWORD: seedPassword },
    });
    expect(ran.stderr).toBe('');
    const out = JSON.parse(ran.stdout.trim());
    expect(out).toMatchObject({ title: 'Rust', user: account.email });
    const row = await t.server.database.db
      .selectFrom('bookmark')
      .select(['title', 'link', 'category'])
      .where('id', '=', out.id)
      .executeTakeFirst();
    expect(row).toEqual({ title: 'Rust', link: 'https://www.rust-lang.org/', category: out.category });
    // Three child processes (the generator, a whole tsc, the script): on a busy 2-core run of the
    // suite they took over the default 20 s; this is room to finish, not a figure tested.
  }, 120_000);
});
