import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { createServer } from './server.js';
import { clusterPeers } from './cluster/peers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig();
config.webDist ??= path.resolve(here, '../../web/dist');
config.extensionDir ??= path.resolve(here, '../../extension/.output');

const slot = process.env.LINKHIVE_SLOT;
const server = await createServer(config, {
  peers: clusterPeers(),
  recoverImports: process.env.LINKHIVE_RECOVER_IMPORTS !== 'off',
});
const { log } = server;
const http = server.app.listen(config.port, config.host, () => {
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = { port, database: server.database.dialect, dataDir: config.dataDir };
  // In a cluster the supervisor says it once, when the first process listens.
  // Loopback and every interface are both reached as localhost from the machine itself.
  const shown = ['127.0.0.1', '::1', '0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  if (slot === undefined) log.info({ ...where, host: config.host }, `Linkhive is running at http://${shown}:${port}`);
  else log.info({ ...where, slot, jobWorker: config.jobWorker }, 'server process listening');
});
// An idle connection is kept longer than a client or a proxy in front keeps it (load balancers keep
// theirs 60 s): with Node's 5 s, a client reusing a connection the server was closing at that moment
// got ECONNRESET on a plain GET (seen in the end-to-end tests on a busy machine).
http.keepAliveTimeout = 65_000;
http.headersTimeout = 66_000;
http.on('error', (err) => {
  log.fatal({ err }, 'could not start the HTTP server');
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  // Finish requests in flight, refuse new ones, then close the database.
  const force = setTimeout(() => {
    log.warn('forcing shutdown after 10 s');
    process.exit(1);
  }, 10_000);
  force.unref();
  http.close(async () => {
    await server.close();
    log.info('stopped');
    process.exit(0);
  });
  http.closeIdleConnections();
  // Stop background work at once: the screenshot browser must not outlive the server.
  await server.stopBackground();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
