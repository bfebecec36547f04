import http from 'node:http';
import https from 'node:https';
import { createGunzip, createInflate, createBrotliDecompress } from 'node:zlib';
import type { Readable } from 'node:stream';
import { FetchRefused, fetchMessages, type AddressGuard } from './address-guard.js';

export interface FetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  accept?: string;
  headers?: Record<string, string>;
  /**
   * Past maxBytes, answer the part read so far instead of refusing the page: for a caller that
   * wants the status and the address, not the whole body (a link check).
   */
  truncate?: boolean;
}

export interface FetchedPage {
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type GuardedFetch = (url: string, opts?: FetchOptions) => Promise<FetchedPage>;

const userAgent = 'Mozilla/5.0 (compatible; LinkhiveBot/1.0; +https://linkhive.app/bot)';

/**
 * The one way the server fetches an address a user gave. Every hop of a redirect is checked again,
 * and the DNS answer is checked at connect time, so a name that resolves to a private address
 * (or starts to, between check and connect) is refused.
 */
export function createGuardedFetch(guard: AddressGuard): GuardedFetch {
  return async function guardedFetch(input, opts = {}) {
    const maxBytes = opts.maxBytes ?? 2 * 1024 * 1024;
    const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
    let url = new URL(input);
    for (let hop = 0; hop <= (opts.maxRedirects ?? 5); hop++) {
      await guard.checkUrl(url);
      const res = await requestOnce(url, guard, opts, deadline);
      const location = res.headers.location;
      if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
        // Its body is not wanted, and a server could make it endless.
        res.destroy();
        url = new URL(location, url);
        continue;
      }
      const body = await readBody(res, maxBytes, deadline, opts.truncate ?? false);
      return { url: url.toString(), status: res.statusCode ?? 0, headers: res.headers, body };
    }
    throw new FetchRefused(fetchMessages.tooManyRedirects);
  };
}

function requestOnce(
  url: URL,
  guard: AddressGuard,
  opts: FetchOptions,
  deadline: number,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: guard.lookup,
        headers: {
          'user-agent': userAgent,
          accept: opts.accept ?? 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          'accept-encoding': 'gzip, deflate, br',
          ...opts.headers,
        },
        timeout: Math.max(1, deadline - Date.now()),
      },
      resolve,
    );
    // `timeout` only notices a silent socket; a server that trickles its headers a byte at a time
    // is stopped by the deadline itself.
    const timer = setTimeout(
      () => req.destroy(new FetchRefused(fetchMessages.timeout)),
      Math.max(1, deadline - Date.now()),
    );
    req.on('response', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new FetchRefused(fetchMessages.timeout)));
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err instanceof FetchRefused ? err : new FetchRefused(fetchMessages.unreachable, { cause: err }));
    });
    req.end();
  });
}

function readBody(res: http.IncomingMessage, maxBytes: number, deadline: number, truncate: boolean): Promise<Buffer> {
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  let stream: Readable = res;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(createGunzip());
  else if (encoding === 'deflate') stream = res.pipe(createInflate());
  else if (encoding === 'br') stream = res.pipe(createBrotliDecompress());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let cut = false;
    const timer = setTimeout(() => fail(new FetchRefused(fetchMessages.timeout)), Math.max(1, deadline - Date.now()));
    function fail(err: Error) {
      clearTimeout(timer);
      res.destroy();
      reject(err);
    }
    stream.on('data', (c: Buffer) => {
      size += c.length;
      if (cut) return;
      if (size > maxBytes && truncate) {
        // Enough read: the rest is not wanted (a decoder may still hand over what it holds).
        cut = true;
        chunks.push(c.subarray(0, c.length - (size - maxBytes)));
        clearTimeout(timer);
        res.destroy();
        return resolve(Buffer.concat(chunks));
      }
      if (size > maxBytes) return fail(new FetchRefused(fetchMessages.tooLarge));
      chunks.push(c);
    });
    stream.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    stream.on('error', (err) => fail(new FetchRefused(fetchMessages.unreachable, { cause: err })));
  });
}
