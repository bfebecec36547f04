import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useRequestLog } from './request-log.js';

describe('request log', () => {
  const lines: Record<string, unknown>[] = [];
  let base = '';
  let close = () => {};
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const log = pino({ level: 'info', base: undefined }, sink);
    const app = express();
    useRequestLog(app, log);
    app.get('/api/health', (_req, res) => void res.json({ ok: true }));
    app.get('/api/named', (req, res) => {
      req.log.info('from the route');
      res.json({ id: req.id });
    });
    app.get('/api/fail', (_req, res) => void res.status(500).json({}));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('writes one line a request with its id, method, path without query, status and time', async () => {
    lines.length = 0;
    const res = await fetch(`${base}/api/named?q=secret+words`, {
      headers: { 'x-request-id': 'trace-1', cookie: 'linkhive.session_token=abc' },
    });
    expect(await res.json()).toEqual({ id: 'trace-1' });
    await vi.waitFor(() => expect(lines).toHaveLength(2));
    expect(lines[0]).toMatchObject({
      msg: 'from the route',
      req: { id: 'trace-1', method: 'GET', url: '/api/named?…' },
    });
    expect(lines[1]).toMatchObject({
      msg: 'request completed',
      req: { id: 'trace-1', method: 'GET', url: '/api/named?…' },
      res: { statusCode: 200 },
    });
    expect(typeof lines[1]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/secret|session_token/);
  });

  it('says a server error errored, and leaves health checks out', async () => {
    lines.length = 0;
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    await (await fetch(`${base}/api/fail`)).arrayBuffer();
    // The health check answered first: once the failure's line is in, a line of its would be too.
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
    expect(lines.map((l) => [l.msg, (l.res as { statusCode: number }).statusCode])).toEqual([['request errored', 500]]);
  });
});
