import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { createServer } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig();
config.webDist ??= path.resolve(here, '../../web/dist');

const server = await createServer(config);
const { log } = server;
const http = server.app.listen(config.port, () => {
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(
    { port, database: server.database.dialect, dataDir: config.dataDir },
    `Linkhive is running at http://localhost:${port}`,
  );
});
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
