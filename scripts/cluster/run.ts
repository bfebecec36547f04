// npm run cluster [-- --seconds 15 --clients 16]: Postgres, three server processes and nginx on
// loopback, a load run with one process SIGKILLed and restarted half-way, then the invariants.
// Prints one JSON object of figures; exits 1 if an invariant failed. Needs the built server.
import { parseArgs } from 'node:util';
import { clusterLoadRun } from './cluster.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    clients: { type: 'string', default: '16' },
    processes: { type: 'string', default: '3' },
  },
});
const number = (name: string, v: string, min: number) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number of at least ${min}, got "${v}"`);
  return n;
};

const summary = await clusterLoadRun({
  seconds: number('seconds', values.seconds, 2),
  clients: number('clients', values.clients, 1),
  processes: number('processes', values.processes, 2),
  log: (line) => console.error(line),
});
console.log(JSON.stringify({ ...summary.figures, failures: summary.failures }, null, 2));
if (summary.failures.length) {
  console.error(`\nThe cluster run failed:\n- ${summary.failures.join('\n- ')}`);
  process.exit(1);
}
console.error('\nThe cluster run passed.');
// The pg pool of a failed check or an undici keep-alive socket must not hold the process open.
process.exit(0);
