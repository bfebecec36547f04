// Builds what is missing or stale: the server bundle (esbuild) and the web app (Vite).
// `--force` rebuilds everything; `--server` or `--web` limit the work to one part.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const force = args.has('--force');
const only = args.has('--server') ? 'server' : args.has('--web') ? 'web' : null;

function newest(dirs) {
  let max = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      if (/node_modules|dist|\.output|\.wxt/.test(path.basename(p))) return;
      for (const f of fs.readdirSync(p)) walk(path.join(p, f));
    } else if (!/\.test\.tsx?$/.test(p)) max = Math.max(max, st.mtimeMs);
  };
  dirs.forEach((d) => walk(path.join(root, d)));
  return max;
}
const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

async function buildServer() {
  const out = path.join(root, 'server/dist/main.js');
  const sources = newest(['server/src', 'shared/src/domain', 'migrations', 'server/package.json']);
  if (!force && builtAt(out) > sources) return false;
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@linkhive/'));
  const common = {
    outdir: path.join(root, 'server/dist'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
  };
  await build({
    entryPoints: {
      main: path.join(root, 'server/src/main.ts'),
      // The server process itself; main.js loads it, or forks several of it (server/src/cluster).
      serve: path.join(root, 'server/src/serve.ts'),
      migrate: path.join(root, 'server/src/migrate.ts'),
      admin: path.join(root, 'server/src/admin.ts'),
      backup: path.join(root, 'server/src/backup.ts'),
    },
    ...common,
    external: [...external, ...external.map((d) => `${d}/*`)],
  });
  // Runs in a worker thread beside main.js (server/src/features/import/runner.ts), started by an
  // import and stopped when idle. Kysely and zod go inside its one file: loaded from node_modules
  // they are hundreds of ES modules to resolve and compile, which doubled the thread's start
  // (about 290 ms to ready instead of 110 ms on 2 cores), time every import waited for.
  // Left outside: SQLite's native addon, pg (loaded only on Postgres) and htmlparser2 (its CommonJS
  // is required on first use, content/html-parser.ts).
  const outside = ['better-sqlite3', 'pg', 'htmlparser2'];
  await build({
    entryPoints: {
      'import-worker': path.join(root, 'server/src/features/import/worker-thread.ts'),
      // The import's reading thread, which the worker starts beside itself for an HTML file.
      'import-reader': path.join(root, 'server/src/features/import/reader-thread.ts'),
    },
    ...common,
    external: [...outside, ...outside.map((d) => `${d}/*`)],
  });
  // The readable copies' extraction thread (server/src/content/readable-pool.ts): its libraries
  // load from node_modules, as the server's own do; it starts with the crawl and stops when idle.
  await build({
    entryPoints: { 'readable-worker': path.join(root, 'server/src/content/readable-worker.ts') },
    ...common,
    external: [...external, ...external.map((d) => `${d}/*`)],
  });
  asciiOnly(['main.js', 'serve.js', 'readable-worker.js']);
  return true;
}

/**
 * V8 keeps each module's source for as long as the process runs, and one character outside ASCII
 * makes it keep the whole file at two bytes a character: serve.js's 0.6 MB became 1.2 MB of the
 * server's heap for an ellipsis in a comment that esbuild carried over (issue 30's memory goal).
 * esbuild escapes strings itself; comments and regular expressions are left to us.
 */
function asciiOnly(files) {
  for (const file of files) {
    const lines = fs.readFileSync(path.join(root, 'server/dist', file), 'utf8').split('\n');
    const at = lines.findIndex((line) => /[^\x00-\x7f]/.test(line));
    if (at >= 0)
      throw new Error(
        `server/dist/${file}:${at + 1} has a character outside ASCII, which doubles the memory its source takes ` +
          `in the server (write it as \\u escape, or in plain ASCII in a comment): ${lines[at].trim().slice(0, 120)}`,
      );
  }
}

function buildWeb() {
  const out = path.join(root, 'web/dist/index.html');
  const sources = newest(['web/src', 'web/build', 'web/index.html', 'web/vite.config.ts', 'web/public', 'shared/src']);
  if (!force && builtAt(out) > sources) return false;
  const r = spawnSync('npx', ['vite', 'build'], { cwd: path.join(root, 'web'), stdio: 'inherit' });
  if (r.status !== 0) throw new Error('The web app did not build');
  return true;
}

// `wxt zip` builds first, so this one step leaves extension/.output/chrome-mv3, edge-mv3 and
// firefox-mv3 and a store-ready zip of each (linkhive-<version>-chrome.zip, -edge.zip, -firefox.zip)
// beside them (extension/package.json's `zip`).
// Then a test build into extension/.output/test/chrome-mv3, which the end-to-end tests load: it alone
// exposes the worker's parts on `globalThis.linkhive` for what automation cannot click.
function buildExtension() {
  // Without LINKHIVE_SERVER_URL the zips talk to localhost: wxt.config.ts warns about it in the build's output.
  const r = spawnSync('npm', ['run', 'zip', '-w', 'extension'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('The extension did not build');
  const t = spawnSync('npx', ['wxt', 'build'], {
    cwd: path.join(root, 'extension'),
    stdio: 'inherit',
    env: { ...process.env, LINKHIVE_TEST_BUILD: '1' },
  });
  if (t.status !== 0) throw new Error('The extension test build did not build');
}

const built = [];
if (only !== 'web' && (await buildServer())) built.push('server');
if (only !== 'server' && buildWeb()) built.push('web');
if (force && !only) {
  buildExtension();
  built.push('extension');
}
if (built.length) console.log(`Built: ${built.join(', ')}`);
