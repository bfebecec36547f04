import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@linkhive/shared/contract';
import { reply, route } from './contract-route.js';
import { AppError, errorHandler } from './errors.js';

// The binding itself, on a small app of its own: inputs parsed from the entry, and (CHECK_ANSWERS=1,
// as in every server test) answers and errors the entry does not declare turned into a failure.

const thing = endpoint({
  method: 'POST',
  path: '/api/things/:id',
  summary: 'A test endpoint',
  tag: 'test',
  access: 'public',
  params: z.object({ id: z.string().regex(/^\d+$/, 'Not a number') }),
  body: z.object({ name: z.string().min(1, 'Name required') }),
  answers: { 200: z.object({ id: z.number(), name: z.string() }), 202: z.object({ queued: z.literal(true) }) },
  errors: { 409: ['taken'] },
});

describe('routes bound to the contract', () => {
  let base = '';
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    const r = Router();
    // A router's own middleware, before any of its routes matched (as r.use(requireUser) is).
    r.use('/things/:id', (req, _res, next) => {
      const refusal = req.get('x-refuse');
      next(refusal ? new AppError(refusal === 'taken' ? 409 : 423, refusal, 'Refused before the route') : undefined);
    });
    route(r, thing, async ({ params, body }) => {
      if (body.name === 'wrong-shape') return { id: params.id as unknown as number, name: body.name };
      if (body.name === 'later') return reply(202, { queued: true as const });
      if (body.name === 'undeclared-status') return reply(204, { id: 1, name: 'x' });
      if (body.name === 'taken') throw new AppError(409, 'taken', 'That name is taken', 'name');
      if (body.name === 'undeclared-error') throw new AppError(409, 'gone_fishing', 'Not declared');
      return { id: Number(params.id), name: body.name };
    });
    app.use('/api', r);
    app.use(errorHandler({ error: () => {} }));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const post = async (id: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/api/things/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  it('parses the path and body with the entry’s schemas and sends the first declared status', async () => {
    expect(await post('7', { name: 'Ada' })).toEqual({ status: 200, body: { id: 7, name: 'Ada' } });
    expect(await post('7', { name: 'later' })).toEqual({ status: 202, body: { queued: true } });
  });

  it('refuses bad input with the schema’s own message, before the handler runs', async () => {
    expect(await post('x', { name: 'Ada' })).toEqual({
      status: 400,
      body: { error: { code: 'invalid', message: 'Not a number', field: 'id' } },
    });
    expect(await post('7', { name: '' })).toEqual({
      status: 400,
      body: { error: { code: 'invalid', message: 'Name required', field: 'name' } },
    });
  });

  it('passes declared errors through unchanged', async () => {
    expect(await post('7', { name: 'taken' })).toEqual({
      status: 409,
      body: { error: { code: 'taken', message: 'That name is taken', field: 'name' } },
    });
  });

  it('fails an answer, a status or an error the entry does not declare', async () => {
    expect(await post('7', { name: 'wrong-shape' })).toEqual({
      status: 500,
      body: {
        error: {
          code: 'answer_off_contract',
          message:
            'POST /api/things/:id answered 200 off its contract: id: Invalid input: expected number, received string',
        },
      },
    });
    expect((await post('7', { name: 'undeclared-status' })).body.error.message).toBe(
      'POST /api/things/:id answered 204, which its contract does not declare',
    );
    expect((await post('7', { name: 'undeclared-error' })).body.error.message).toBe(
      'POST /api/things/:id answered 409 gone_fishing, which its contract does not declare',
    );
  });

  it('checks an error that a router’s middleware sends before the route matched, by the request’s path', async () => {
    expect(await post('7', { name: 'Ada' }, { 'x-refuse': 'taken' })).toEqual({
      status: 409,
      body: { error: { code: 'taken', message: 'Refused before the route' } },
    });
    expect(await post('7', { name: 'Ada' }, { 'x-refuse': 'locked' })).toEqual({
      status: 500,
      body: {
        error: {
          code: 'answer_off_contract',
          message: 'POST /api/things/:id answered 423 locked, which its contract does not declare',
        },
      },
    });
  });
});
