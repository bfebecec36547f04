// What `npm start` leaves running on a personal install, idle: npm itself and the server (one
// process on SQLite unless WEB_CONCURRENCY asks for more), their resident memory summed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { linkding } from './floors.js';
import { freePort, killGroupOnExit, root, round, sleep } from './support.js';

/** The pids of a process and all of its descendants, from /proc. */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4, after the command in parentheses (which may hold spaces).
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []));
  return all;
}

const rssMb = (pid: number) => {
  try {
    const kb = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
};

const commandOf = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(0, 2).join(' ');
  } catch {
    return '';
  }
};

export async function measureStartTree() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-start-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const forget = child.pid ? killGroupOnExit(child.pid) : () => {};
  try {
    let healthy = false;
    for (let i = 0; i < 600 && !healthy && child.exitCode === null; i++) {
      healthy = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await sleep(50);
    }
    if (!healthy) return child.exitCode === null ? 'npm start did not answer' : `npm start exited (${child.exitCode})`;
    // Idle: past the start's own work (migrations, the first recommender and feed passes).
    await sleep(5000);
    const pids = tree(child.pid!);
    const processes = pids
      .map((pid) => ({ command: commandOf(pid), rssMb: round(rssMb(pid)) }))
      .filter((p) => p.rssMb > 0);
    const totalMb = processes.reduce((sum, p) => sum + p.rssMb, 0);
    return {
      totalMb: round(totalMb),
      goal: `<= 150 MB and <= 1.2x linkding's ${linkding.idleServerMemoryMb} MB (gunicorn)`,
      goalMet: totalMb <= Math.min(150, 1.2 * linkding.idleServerMemoryMb),
      ratioToLinkding: round(totalMb / linkding.idleServerMemoryMb, 2),
      processes,
      note: 'resident memory of npm start and everything under it, idle',
    };
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    const ended = child.exitCode !== null || child.signalCode !== null;
    await new Promise((r) => (ended ? r(null) : child.once('exit', r)));
    forget();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
