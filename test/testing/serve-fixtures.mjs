// Serves test/fixtures on FIXTURE_PORT as a stand-in for the outside web in end-to-end tests.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const types = { '.html': 'text/html; charset=utf-8', '.xml': 'application/xml', '.png': 'image/png' };

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/health') return void res.end('ok');
    const file = path.join(root, path.normalize(url.pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  })
  .listen(Number(process.env.FIXTURE_PORT), '127.0.0.1');
