// The start: one server process (WEB_CONCURRENCY=1), or a small supervisor over several.
import cluster from 'node:cluster';
import { loadConfig } from './config.js';

// serve.js is its own bundle, so that a supervisor never loads the server's code and libraries.
const serve = new URL('./serve.js', import.meta.url).href;
const config = loadConfig();
if (cluster.isPrimary && config.webConcurrency > 1) {
  const { superviseCluster } = await import('./cluster/supervisor.js');
  superviseCluster(config, serve);
} else {
  await import(serve);
}
