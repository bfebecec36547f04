// The load run: clients that each sign up, set a profile picture, then save, list and search through
// nginx, while one server process is killed with SIGKILL half-way and started again.
import zlib from 'node:zlib';
import type { Backend } from './servers.js';

export type Op = 'signup' | 'photo' | 'save' | 'list' | 'search';

export interface Outcome {
  op: Op;
  /** The HTTP status, or 0 when the request got no answer at all. */
  status: number;
  start: number;
  end: number;
  /** Which backend(s) nginx passed the request to (X-Upstream), e.g. "127.0.0.1:4001, 127.0.0.1:4002". */
  upstream: string;
}

export interface AckedSave {
  id: string;
  email: string;
  link: string;
}

export interface Kill {
  backend: number;
  port: number;
  pid: number;
  at: number;
  gone: number;
  healthyAgain: number;
}

export interface LoadResult {
  started: number;
  ended: number;
  outcomes: Outcome[];
  /** Saves answered 201: each must be in the database exactly once. */
  acked: AckedSave[];
  /** Saves that got a 5xx or no answer: stored or not, but never twice. */
  unsure: { email: string; link: string }[];
  /** A first save of a new link answered 409: a request that reached a backend twice. */
  firstSave409: number;
  /** Every address whose sign-up was sent, answered or not. */
  signups: string[];
  /** Sign-ups that did not answer with an account. */
  clientErrors: string[];
  kill: Kill | null;
}

/** A real PNG of 1×1 pixel whose tEXt chunk makes each upload's bytes different. */
export function uniquePng(text: string): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1')),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, 200, 120, 40]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface LoadOptions {
  /** nginx's address, also the servers' PUBLIC_URL. */
  base: string;
  seconds: number;
  clients: number;
  /** The process to kill half-way; null runs without a kill. */
  victim: Backend | null;
  runId: string;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const result: LoadResult = {
    started: Date.now(),
    ended: 0,
    outcomes: [],
    acked: [],
    unsure: [],
    firstSave409: 0,
    signups: [],
    clientErrors: [],
    kill: null,
  };
  const deadline = result.started + o.seconds * 1000;

  async function call(op: Op, path: string, init: RequestInit & { cookie?: string }) {
    const start = Date.now();
    const headers = new Headers(init.headers);
    headers.set('origin', o.base);
    if (init.cookie) headers.set('cookie', init.cookie);
    try {
      const res = await fetch(`${o.base}${path}`, { ...init, headers });
      const body = await res.text();
      result.outcomes.push({
        op,
        status: res.status,
        start,
        end: Date.now(),
        upstream: res.headers.get('x-upstream') ?? '',
      });
      return { status: res.status, body, res };
    } catch {
      result.outcomes.push({ op, status: 0, start, end: Date.now(), upstream: '' });
      return { status: 0, body: '', res: null };
    }
  }

  const json = (body: unknown) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  async function signUp(email: string): Promise<string | null> {
    result.signups.push(email);
    const r = await call('signup', '/api/auth/signup', json({ firstName: 'Load', email, password: 'Passw0rd!' }));
    if (r.status !== 200 && r.status !== 201) {
      result.clientErrors.push(`sign-up of ${email} answered ${r.status}: ${r.body.slice(0, 200)}`);
      return null;
    }
    return (r.res?.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
  }

  async function uploadPhoto(cookie: string, email: string, n: number) {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(uniquePng(`${email} #${n}`))], { type: 'image/png' }), 'me.png');
    await call('photo', '/api/profile/photo', { method: 'POST', body: form, cookie });
  }

  async function client(i: number) {
    // A sign-up cut off by the kill may or may not have made its account: try again as someone new.
    let email = '';
    let cookie: string | null = null;
    for (let attempt = 0; !cookie && attempt < 5; attempt++) {
      email = `c${i}-${attempt}-${o.runId}@cluster.test`;
      cookie = await signUp(email);
    }
    if (!cookie) return;
    await uploadPhoto(cookie, email, 0);
    for (let n = 1; Date.now() < deadline; n++) {
      // More sign-ups all through the run, so that welcome-mail jobs are queued around the kill too.
      if (n % 25 === 0) await signUp(`c${i}-n${n}-${o.runId}@cluster.test`);
      else if (n % 40 === 1 && n > 1) await uploadPhoto(cookie, email, n);
      else if (n % 4 === 2) await call('list', `/api/bookmarks?page=1&pageSize=25`, { cookie });
      else if (n % 4 === 3) await call('search', `/api/bookmarks?q=page%20${n % 50}&pageSize=25`, { cookie });
      else {
        const link = `https://c${i}.example.com/page/${n}`;
        const r = await call('save', '/api/bookmarks', {
          ...json({ link, title: `Page ${n}`, category: `Topic ${n % 5}` }),
          cookie,
        });
        if (r.status === 201) result.acked.push({ id: (JSON.parse(r.body) as { id: string }).id, email, link });
        else if (r.status === 409) result.firstSave409++;
        else if (r.status === 0 || r.status >= 500) result.unsure.push({ email, link });
      }
    }
  }

  async function killHalfWay(victim: Backend) {
    await new Promise((r) => setTimeout(r, (o.seconds * 1000) / 2));
    const pid = victim.pid();
    const at = Date.now();
    await victim.kill('SIGKILL');
    const gone = Date.now();
    await victim.restart();
    result.kill = { backend: victim.index, port: victim.port, pid, at, gone, healthyAgain: Date.now() };
  }

  await Promise.all([
    ...Array.from({ length: o.clients }, (_, i) => client(i)),
    o.victim ? killHalfWay(o.victim) : Promise.resolve(),
  ]);
  result.ended = Date.now();
  return result;
}

/** Statuses of 500 and above, and requests with no answer, split by whether the killed process had them. */
export function failuresByCause(r: LoadResult) {
  const kill = r.kill;
  const failed = r.outcomes.filter((x) => x.status === 0 || x.status >= 500);
  // The killed process's own: passed to it by nginx (or not answered at all), sent before the
  // process was gone and answered after the kill. SIGKILL is not instant on a busy machine: until
  // the process is gone its socket still takes connections, and nginx may send on a kept-alive one.
  const killedOwn = failed.filter(
    (x) =>
      kill &&
      x.start <= kill.gone &&
      x.end >= kill.at &&
      (x.status === 0 || x.upstream.split(', ').at(-1) === `127.0.0.1:${kill.port}`),
  );
  const count = (xs: Outcome[]) => ({
    '5xx': xs.filter((x) => x.status >= 500).length,
    noAnswer: xs.filter((x) => x.status === 0).length,
  });
  return {
    inFlightOnKilledProcess: count(killedOwn),
    outside: count(failed.filter((x) => !killedOwn.includes(x))),
    outsideSamples: failed
      .filter((x) => !killedOwn.includes(x))
      .slice(0, 5)
      .map((x) => `${x.op} ${x.status} via ${x.upstream || 'nothing'} at +${x.start - r.started} ms`),
  };
}
