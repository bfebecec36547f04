import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Recommendation } from '@linkhive/shared/domain';
import type { LocalRecommendationInput } from '../features/recommendations/local-recommender.js';

/**
 * Local stand-ins for the two AI providers, speaking their real request and answer shapes:
 * OpenAI's POST /v1/chat/completions and Gemini's POST /v1beta/models/{model}:generateContent.
 * Each test scripts the next answers; every request is recorded for assertions.
 *
 * Another process (a browser test) scripts a running fake over HTTP: POST /__script with a Script
 * (JSON) replaces the answer, GET /__requests lists the recorded requests.
 */
export type Script =
  /** A well-formed answer whose text is these entries as JSON. */
  | { kind: 'json'; items: unknown }
  /** A well-formed answer whose text is exactly this (prose, fences, malformed JSON). */
  | { kind: 'text'; text: string }
  /** The provider's error answer with this status (429, 500...). */
  | { kind: 'status'; status: number }
  /** Never answers: the connection stays open until the client gives up. */
  | { kind: 'hang' }
  /** A well-formed answer whose text is `bytes` long (10 MB and the like). */
  | { kind: 'huge'; bytes: number }
  /** Gemini only: an answer with no candidates, as when a quota or a safety block stops it. */
  | { kind: 'noCandidates' };

export type AiKind = 'openai' | 'gemini';

export interface RecordedRequest {
  path: string;
  /** The key as sent: OpenAI's bearer token, Gemini's x-goog-api-key. */
  apiKey: string | null;
  body: any;
}

export interface AiFake {
  kind: AiKind;
  /** What OPENAI_BASE_URL / GEMINI_BASE_URL should be. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Requests the client gave up on while they hung. */
  aborted: number;
  /** Answers every following request this way (until scripted again). */
  script(s: Script): void;
  close(): Promise<void>;
}

/** An answer's entries, as a model would write them. */
export const sampleItems = (n: number, host = 'site') =>
  Array.from({ length: n }, (_, i) => ({
    title: `Site ${i + 1}`,
    link: `https://${host}-${i + 1}.example.org/`,
    displayLink: `${host}-${i + 1}.example.org`,
    snippet: `The ${i + 1}th related site.`,
    htmlSnippet: `The <b>${i + 1}th</b> related site.`,
  }));

function answerBody(kind: AiKind, model: string, text: string): string {
  if (kind === 'openai')
    return JSON.stringify({
      id: `chatcmpl-fake-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 50, completion_tokens: 500, total_tokens: 550 },
    });
  return JSON.stringify({
    candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 500, totalTokenCount: 550 },
    modelVersion: model,
  });
}

function errorBody(kind: AiKind, status: number): string {
  const message = status === 429 ? 'Rate limit reached' : 'The server had an error';
  if (kind === 'openai') return JSON.stringify({ error: { message, type: 'server_error', param: null, code: null } });
  return JSON.stringify({
    error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' },
  });
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Starts a fake on a free loopback port; answers with `sampleItems(count asked)` until scripted. */
export async function startAiFake(kind: AiKind, port = 0): Promise<AiFake> {
  let current: Script | null = null;
  const fake = { kind, requests: [] as RecordedRequest[], aborted: 0 };
  const route = kind === 'openai' ? /^\/v1\/chat\/completions$/ : /^\/v1beta\/models\/([^/:]+):generateContent$/;

  const server = http.createServer(async (req, res) => {
    const raw = await readBody(req);
    const path = (req.url ?? '').replace(/\?.*$/, '');
    if (req.method === 'POST' && path === '/__script') {
      current = JSON.parse(raw) as Script;
      return res.writeHead(204).end();
    }
    if (req.method === 'GET' && path === '/__requests')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fake.requests));
    const match = req.method === 'POST' ? route.exec(path) : null;
    if (!match) return res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ path }));
    const body = JSON.parse(raw || '{}');
    const auth = kind === 'openai' ? req.headers.authorization?.replace(/^Bearer /, '') : req.headers['x-goog-api-key'];
    fake.requests.push({ path, apiKey: typeof auth === 'string' ? auth : null, body });
    const model: string = kind === 'openai' ? body.model : decodeURIComponent(match[1]!);
    const asked = Number(/Recommend (\d+) websites/.exec(JSON.stringify(body))?.[1] ?? 5);
    const s: Script = current ?? { kind: 'json', items: sampleItems(asked) };
    const json = { 'content-type': 'application/json' };
    switch (s.kind) {
      case 'hang':
        req.socket.once('close', () => fake.aborted++);
        return;
      case 'status':
        return res.writeHead(s.status, json).end(errorBody(kind, s.status));
      case 'noCandidates':
        return res
          .writeHead(200, json)
          .end(JSON.stringify({ promptFeedback: { blockReason: 'OTHER' }, usageMetadata: { promptTokenCount: 50 } }));
      case 'huge': {
        // Streamed in chunks, as a runaway answer would come: the client should stop reading early.
        const [head, tail] = answerBody(kind, model, '\u0000').split('\\u0000');
        res.writeHead(200, json);
        res.write(head);
        const chunk = 'x'.repeat(64 * 1024);
        for (let sent = 0; sent < s.bytes && !res.destroyed; sent += chunk.length) {
          if (!res.write(chunk)) await new Promise((r) => res.once('drain', r).once('close', r));
        }
        return res.end(tail);
      }
      default: {
        const text = s.kind === 'json' ? JSON.stringify(s.items) : s.text;
        return res.writeHead(200, json).end(answerBody(kind, model, text));
      }
    }
  });
  server.listen(port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    baseUrl: kind === 'openai' ? `${origin}/v1` : origin,
    script(s: Script) {
      current = s;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}

/** The env that points a server at two running fakes. */
export const aiFakeEnv = (openai: AiFake | null, gemini: AiFake | null): Record<string, string> => ({
  ...(openai ? { OPENAI_API_KEY: 'sk-test-openai', OPENAI_BASE_URL: openai.baseUrl } : {}),
  ...(gemini ? { GEMINI_API_KEY: 'test-gemini-key', GEMINI_BASE_URL: gemini.baseUrl } : {}),
});

/** A scripted local recommender: answers `next` (or throws it) and records what it was asked. */
export function localFake() {
  const fake = {
    next: [] as Recommendation[] | Error,
    calls: [] as LocalRecommendationInput[],
    async recommend(input: LocalRecommendationInput): Promise<Recommendation[]> {
      fake.calls.push(input);
      if (fake.next instanceof Error) throw fake.next;
      return fake.next;
    },
  };
  return fake;
}
