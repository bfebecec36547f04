// npm test: every check the project has, in the order that fails fastest.
import { spawnSync } from 'node:child_process';
import { findChromium } from '../server/src/integrations/screenshots/chromium.js';
import { freePort } from '../server/src/testing/free-port.js';
import { ensureNginx } from './cluster/nginx.js';

function run(title: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${title} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n${title} failed.`);
    process.exit(r.status ?? 1);
  }
}

function ensureChromium() {
  if (findChromium()) return;
  if (process.getuid?.() !== 0) {
    console.error(
      'The end-to-end tests need Chromium. Install the Debian package "chromium" (sudo apt-get install -y chromium) or set CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  run('Installing Chromium (apt)', 'bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
  ]);
}

ensureChromium();
// test/cluster.spec.ts puts nginx in front of three server processes.
try {
  ensureNginx((line) => console.log(`\n=== ${line} ===`));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
run('Type check', 'npm', ['run', '--silent', 'typecheck']);
run('Lint', 'npm', ['run', '--silent', 'lint']);
run('Format', 'npm', ['run', '--silent', 'format:check']);
run('Unit and server tests (Vitest)', 'npx', ['vitest', 'run']);
run('Build', 'node', ['scripts/build.mjs', '--force']);
run('End-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'test/playwright.config.ts'], {
  E2E_PORT: String(await freePort()),
  E2E_FIXTURE_PORT: String(await freePort()),
});
console.log('\nAll checks passed.');
