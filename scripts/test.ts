// npm test: every check the project has, in the order that fails fastest, with each phase's time and
// the tests counted at the end.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from '../server/src/integrations/screenshots/chromium.js';
import { freePort } from '../server/src/testing/free-port.js';
import { ensureNginx } from './cluster/nginx.js';

const started = performance.now();
const phases: { title: string; seconds: number }[] = [];
const counts: string[] = [];
let passed = 0;
let failed = 0;
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-test-reports-'));
process.on('exit', () => fs.rmSync(reports, { recursive: true, force: true }));

function summary() {
  console.log('\n=== Times ===');
  for (const p of phases) console.log(`${p.title.padEnd(44)} ${p.seconds.toFixed(1).padStart(7)} s`);
  console.log(`${'npm test'.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
  for (const line of counts) console.log(line);
}

function fail(title: string, code: number | null): never {
  console.error(`\n${title} failed.`);
  summary();
  console.log(`${passed} passed, ${Math.max(failed, 1)} failed`);
  process.exit(code || 1);
}

async function phase(title: string, work: () => Promise<void> | void) {
  console.log(`\n=== ${title} ===`);
  const t0 = performance.now();
  await work();
  phases.push({ title, seconds: (performance.now() - t0) / 1000 });
}

function run(title: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) fail(title, r.status);
}

/** Runs commands at once, each printing when it ends, so that their output does not interleave. */
async function runTogether(commands: { title: string; cmd: string; args: string[] }[]) {
  const results = await Promise.all(
    commands.map(
      (c) =>
        new Promise<{ title: string; code: number | null; output: string; seconds: number }>((resolve) => {
          const t0 = performance.now();
          const child = spawn(c.cmd, c.args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('close', (code) => {
            const seconds = (performance.now() - t0) / 1000;
            console.log(`--- ${c.title}: ${code === 0 ? 'passed' : 'FAILED'} (${seconds.toFixed(1)} s)`);
            if (output.trim()) console.log(output.trimEnd());
            resolve({ title: c.title, code, output, seconds });
          });
        }),
    ),
  );
  const bad = results.find((r) => r.code !== 0);
  if (bad) fail(bad.title, bad.code);
}

/**
 * What the end-to-end tests run beside the app: Chromium, and libfaketime, with which a spec starts
 * the server days later than now (a link broken only after failures days apart).
 */
function ensureSystemPackages() {
  const hasFaketime = spawnSync('bash', ['-c', 'command -v faketime'], { stdio: 'ignore' }).status === 0;
  const missing = [...(findChromium() ? [] : ['chromium']), ...(hasFaketime ? [] : ['faketime'])];
  if (!missing.length) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `The end-to-end tests need the Debian packages ${missing.join(' and ')} (sudo apt-get install -y ${missing.join(' ')}); Chromium may also be given by CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  run(`Installing ${missing.join(', ')} (apt)`, 'bash', [
    '-c',
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')} >/dev/null`,
  ]);
}

/** Vitest's JSON report: tests by state; skipped tests fail the run (none may be skipped). */
function countVitest(file: string) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  counts.push(
    `Vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped, in ${r.numTotalTestSuites} suites of ${r.testResults.length} file runs`,
  );
  if (skipped) fail('Vitest (skipped tests)', 1);
}

/** Playwright's JSON report. */
function countPlaywright(file: string) {
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  counts.push(
    `Playwright: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky} flaky, ${stats.skipped} skipped`,
  );
  if (stats.skipped || stats.flaky) fail('Playwright (skipped or flaky tests)', 1);
}

await phase('Chromium and nginx', () => {
  ensureSystemPackages();
  // test/cluster.spec.ts puts nginx in front of three server processes.
  try {
    ensureNginx((line) => console.log(`\n=== ${line} ===`));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
});
// Three single-threaded tools on two cores: together they take as long as the type check alone.
await phase('Type check, lint and format', () =>
  runTogether([
    { title: 'Type check', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
    { title: 'Lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
    { title: 'Format', cmd: 'npm', args: ['run', '--silent', 'format:check'] },
  ]),
);
await phase('Unit and server tests (Vitest)', () => {
  const report = path.join(reports, 'vitest.json');
  const r = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      stdio: 'inherit',
    },
  );
  if (fs.existsSync(report)) countVitest(report);
  if (r.status !== 0) fail('Unit and server tests (Vitest)', r.status);
});
await phase('Build', () => run('Build', 'node', ['scripts/build.mjs', '--force']));
await phase('End-to-end tests (Playwright, Chromium)', async () => {
  const report = path.join(reports, 'playwright.json');
  const r = spawnSync('npx', ['playwright', 'test', '-c', 'test/playwright.config.ts', '--reporter=list,json'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_PORT: String(await freePort()),
      E2E_FIXTURE_PORT: String(await freePort()),
      PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    },
  });
  if (fs.existsSync(report)) countPlaywright(report);
  if (r.status !== 0) fail('End-to-end tests (Playwright, Chromium)', r.status);
});
summary();
console.log(`\nAll checks passed.\n${passed} passed, ${failed} failed`);
