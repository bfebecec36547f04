import dgram from 'node:dgram';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressGuard } from '../../integrations/page-fetch/address-guard.js';
import type { ProxyAttempt } from '../../integrations/screenshots/guard-proxy.js';
import { findChromium } from '../../integrations/screenshots/chromium.js';
import { createScreenshotter, type Screenshotter } from '../../integrations/screenshots/index.js';

/** Everything a page tries, each aimed at a listener of its own on a private address. */
const vectors = ['popup', 'ws6', 'ws2', 'dataworker', 'shared', 'sw', 'webrtc', 'rebind', 'webtransport'] as const;
type Vector = (typeof vectors)[number];

/**
 * Each vector reports what happened to its own origin (the one place it may reach), and the page's
 * load waits on /done, which is held until every vector has reported: the capture ends only once
 * everything was tried.
 */
const attackPage = (p: Record<string, number>) => `<!doctype html><title>Connections</title><body><script>
const P = ${JSON.stringify(p)};
const report = (v, r) => fetch('/report?v=' + v + '&r=' + encodeURIComponent(r));
function tryIt(v, f) { try { f(); } catch (e) { report(v, 'threw ' + e); } }
tryIt('popup', () => report('popup', window.open('http://127.0.0.2:' + P.popup + '/') ? 'opened' : 'blocked'));
function socket(v, url) {
  tryIt(v, () => { const s = new WebSocket(url); s.onopen = () => report(v, 'open'); s.onerror = () => report(v, 'error'); });
}
socket('ws6', 'ws://[::1]:' + P.ws6 + '/');
socket('ws2', 'ws://127.0.0.2:' + P.ws2 + '/');
tryIt('dataworker', () => {
  const w = new Worker('data:text/javascript,' + encodeURIComponent(
    "const s = new WebSocket('ws://127.0.0.1:" + P.dataworker + "/'); s.onopen = () => postMessage('open'); s.onerror = () => postMessage('error');"));
  w.onmessage = (e) => report('dataworker', e.data);
  w.onerror = () => report('dataworker', 'worker error');
});
tryIt('shared', () => {
  const w = new SharedWorker('/shared.js');
  w.port.onmessage = (e) => report('shared', e.data);
  w.onerror = () => report('shared', 'worker error');
});
tryIt('sw', () => navigator.serviceWorker.register('/sw.js').catch((e) => report('sw', 'register failed: ' + e.message)));
tryIt('webrtc', () => {
  const pc = new RTCPeerConnection({ iceServers: [
    { urls: 'turn:127.0.0.1:' + P.turn + '?transport=tcp', username: 'u', credential: 'p' },
    { urls: 'stun:127.0.0.1:' + P.stun },
  ] });
  pc.createDataChannel('d');
  pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && report('webrtc', 'complete');
  pc.createOffer().then((o) => pc.setLocalDescription(o));
});
fetch('http://rebind.test:' + P.rebind + '/').then(() => report('rebind', 'loaded'), () => report('rebind', 'failed'));
tryIt('webtransport', () => new WebTransport('https://127.0.0.1:' + P.webtransport + '/').ready.then(
  () => report('webtransport', 'open'), () => report('webtransport', 'failed')));
</script><img src="/done"></body>`;

const sharedWorker = (port: number) => `onconnect = (e) => {
  const reply = e.ports[0];
  fetch('http://127.0.0.1:${port}/').then(() => reply.postMessage('loaded'), () => reply.postMessage('failed'));
};`;
const serviceWorker = (port: number) => `self.oninstall = (e) => e.waitUntil(
  fetch('http://127.0.0.1:${port}/').then(() => 'loaded', () => 'failed').then((r) => fetch('/report?v=sw&r=' + r)));`;

const colour = [0xff, 0x00, 0x80];
const picture = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#ff0080"/></svg>`;
const normalPage = `<!doctype html><title>Home</title><style>html, body { margin: 0 }
.full { position: fixed; inset: 0; width: 100%; height: 100% }</style><iframe src="/sign-in"></iframe><img class="full" src="/picture.svg">`;

/** Width, height and the top-left pixel of a PNG. */
function readPng(png: Uint8Array) {
  const b = Buffer.from(png);
  const idat: Buffer[] = [];
  for (let at = 8; at < b.length;) {
    const length = b.readUInt32BE(at);
    if (b.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(b.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  // Every PNG filter leaves the first pixel of the first row as it is.
  const rows = inflateSync(Buffer.concat(idat));
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), topLeft: [...rows.subarray(1, 4)] };
}

describe('the screenshot browser reaches nothing the address guard refuses', () => {
  let shots: Screenshotter;
  let site: http.Server;
  let sitePort = 0;
  const served: string[] = [];
  const credentialsSent: string[] = [];
  const attempts: ProxyAttempt[] = [];
  const reports = new Map<string, string>();
  let allReported: () => void;
  const everythingTried = new Promise<void>((r) => (allReported = r));
  const counts: Record<string, number> = {};
  const ports: Record<string, number> = {};
  const closers: (() => void)[] = [];

  async function tcpListener(name: string, host: string) {
    counts[name] = 0;
    const server = net.createServer((s) => {
      counts[name]!++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, host, r));
    closers.push(() => server.close());
    ports[name] = (server.address() as AddressInfo).port;
  }

  async function udpListener(name: string) {
    counts[name] = 0;
    const socket = dgram.createSocket('udp4');
    socket.on('message', () => counts[name]!++);
    await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
    closers.push(() => socket.close());
    ports[name] = socket.address().port;
  }

  beforeAll(async () => {
    const chromium = findChromium();
    expect(chromium, 'npm test installs Chromium (Debian package chromium)').not.toBeNull();
    await tcpListener('popup', '127.0.0.2');
    await tcpListener('ws6', '::1');
    await tcpListener('ws2', '127.0.0.2');
    for (const name of ['dataworker', 'shared', 'sw', 'turn', 'rebind']) await tcpListener(name, '127.0.0.1');
    await udpListener('stun');
    await udpListener('webtransport');

    // One site under two names: localhost serves the attack, normal.test an ordinary home page.
    site = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const host = req.headers.host?.split(':')[0];
      served.push(`${host}${url.pathname}`);
      if (req.headers.authorization) credentialsSent.push(req.headers.authorization);
      const send = (type: string, body: string) => res.writeHead(200, { 'content-type': type }).end(body);
      if (url.pathname === '/report') {
        reports.set(url.searchParams.get('v') ?? '', url.searchParams.get('r') ?? '');
        if (vectors.every((v) => reports.has(v))) allReported();
        return void res.end();
      }
      if (url.pathname === '/done') return void everythingTried.then(() => send('image/svg+xml', picture));
      if (url.pathname === '/shared.js') return send('text/javascript', sharedWorker(ports.shared!));
      if (url.pathname === '/sw.js') return send('text/javascript', serviceWorker(ports.sw!));
      if (url.pathname === '/picture.svg') return send('image/svg+xml', picture);
      if (url.pathname === '/sign-in')
        return void res.writeHead(401, { 'www-authenticate': 'Basic realm="site"' }).end();
      if (url.pathname === '/') return send('text/html', host === 'localhost' ? attackPage(ports) : normalPage);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    sitePort = (site.address() as AddressInfo).port;

    shots = createScreenshotter({
      enabled: true,
      chromiumPath: chromium,
      // As FETCH_ALLOW_HOSTS=localhost,normal.test: those names are open, their address is not.
      guard: createAddressGuard(['localhost', 'normal.test']),
      log: pino({ level: 'silent' }),
      hooks: {
        // No DNS here: every name the proxy is asked for is on this machine, rebind.test included.
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
        onProxyAttempt: (a) => attempts.push(a),
      },
    });
  });

  afterAll(async () => {
    await shots?.close();
    site?.closeAllConnections();
    site?.close();
    closers.forEach((close) => close());
  });

  it('lets no page, popup, worker, socket or WebRTC reach a private address', { timeout: 60_000 }, async () => {
    // Whatever the capture's fate, first what reached the listeners.
    const png = await shots.capture(`http://localhost:${sitePort}/`).catch((err: Error) => err);
    expect(counts).toEqual({
      popup: 0,
      ws6: 0,
      ws2: 0,
      dataworker: 0,
      shared: 0,
      sw: 0,
      turn: 0,
      rebind: 0,
      stun: 0,
      webtransport: 0,
    });
    expect(png).toBeInstanceOf(Uint8Array);
    expect(readPng(png as Uint8Array)).toMatchObject({ width: 1280, height: 800 });

    const tried = Object.fromEntries(vectors.map((v): [Vector, string | undefined] => [v, reports.get(v)]));
    expect(tried).toMatchObject({
      popup: 'blocked',
      ws6: 'error',
      ws2: 'error',
      dataworker: 'error',
      shared: 'worker error',
      sw: expect.stringContaining('register failed'),
      webrtc: 'complete',
      rebind: 'failed',
      webtransport: 'failed',
    });
    // The sockets that did leave the page went to the proxy, which refused them by address.
    const refused = attempts.filter((a) => a.outcome === 'refused').map((a) => a.target);
    expect(refused).toEqual(
      expect.arrayContaining([
        `[::1]:${ports.ws6}`,
        `127.0.0.2:${ports.ws2}`,
        `127.0.0.1:${ports.dataworker}`,
        `127.0.0.1:${ports.turn}`,
        `rebind.test:${ports.rebind}`,
      ]),
    );
  });

  it(
    'still renders an ordinary home page with its own image, and gives it no credentials',
    { timeout: 60_000 },
    async () => {
      const png = await shots.capture(`http://normal.test:${sitePort}/`);
      expect(readPng(png)).toEqual({ width: 1280, height: 800, topLeft: colour });
      expect(served).toContain('normal.test/picture.svg');
      // The proxy's credentials are for the proxy: a site asking for a password gets none.
      expect(served).toContain('normal.test/sign-in');
      expect(credentialsSent).toEqual([]);
      expect(attempts).toContainEqual({ target: `normal.test:${sitePort}`, outcome: 'allowed' });
    },
  );
});
