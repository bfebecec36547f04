import { describe, expect, it } from 'vitest';
import { groupEventsPath } from '../api/client.js';
import {
  allEndpoints,
  contract,
  errorsOf,
  fakeAnswerOffContract,
  matchEndpoint,
  pathOf,
  queryString,
} from './index.js';

describe('the contract’s endpoints', () => {
  it('are each one method and path, named once', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(allEndpoints.every((e) => e.path.startsWith('/api/'))).toBe(true);
  });

  it('give the live stream’s path the client needs before the contract has loaded', () => {
    expect(groupEventsPath).toBe(contract.groups.events.path);
  });

  it('fill in path parameters, encoded, and refuse a missing one', () => {
    expect(pathOf(contract.bookmarks.get, { id: 'a/b c' })).toBe('/api/bookmarks/a%2Fb%20c');
    expect(() => pathOf(contract.bookmarks.get, {})).toThrow('/api/bookmarks/:id: no value for :id');
    expect(queryString({ q: 'rust', page: 2, category: undefined, favourite: '' })).toBe('?q=rust&page=2');
  });

  it('find the endpoint of a request, a fixed segment before a parameter', () => {
    expect(matchEndpoint(allEndpoints, 'GET', '/api/bookmarks/lookup?url=x')?.endpoint).toBe(contract.bookmarks.lookup);
    expect(matchEndpoint(allEndpoints, 'get', '/api/bookmarks/b1')).toEqual({
      endpoint: contract.bookmarks.get,
      params: { id: 'b1' },
    });
    expect(matchEndpoint(allEndpoints, 'PUT', '/api/bookmarks/b1')).toBeNull();
    // A segment that is not valid percent-encoding (a probe, a broken link) is kept as it came.
    expect(matchEndpoint(allEndpoints, 'GET', '/api/bookmarks/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
  });

  it('declare the errors every endpoint can answer, and those their inputs and access imply', () => {
    const create = errorsOf(contract.bookmarks.create);
    expect([...create.get(409)!]).toEqual(['duplicate_link']);
    expect(create.get(401)?.has('unauthenticated')).toBe(true);
    expect(create.get(400)?.has('invalid')).toBe(true);
    expect(errorsOf(contract.health.health).get(401)).toBeUndefined();
  });
});

describe('a fake server’s answers', () => {
  const bookmark = {
    id: 'b1',
    title: 'Rust',
    link: 'https://www.rust-lang.org/',
    domain: 'rust-lang.org',
    category: 'Dev',
    favourite: false,
    screenshot: null,
    screenshotStatus: null,
    faviconUrl: '',
    rssFeed: null,
    promotor: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('pass when the server could send them', () => {
    expect(fakeAnswerOffContract('POST', 'http://x/api/bookmarks', 201, bookmark)).toBeNull();
    const duplicate = { error: { code: 'duplicate_link', message: 'Link already exists', field: 'link' } };
    expect(fakeAnswerOffContract('POST', '/api/bookmarks', 409, duplicate)).toBeNull();
  });

  it('fail on a shape, a status or an error code the server never sends', () => {
    expect(fakeAnswerOffContract('POST', '/api/bookmarks', 201, { ...bookmark, favourite: 'no' })).toBe(
      'POST /api/bookmarks (fake answer 201): favourite: Invalid input: expected boolean, received string',
    );
    expect(fakeAnswerOffContract('POST', '/api/bookmarks', 200, bookmark)).toBe(
      'POST /api/bookmarks (fake answer 200): POST /api/bookmarks never answers 200',
    );
    expect(
      fakeAnswerOffContract('GET', '/api/auth/me', 401, { error: { code: 'not_authenticated', message: 'x' } }),
    ).toBe('GET /api/auth/me (fake answer 401): GET /api/auth/me never answers 401 not_authenticated');
    expect(fakeAnswerOffContract('GET', '/api/nowhere', 200, {})).toBe(
      'GET /api/nowhere (fake answer 200): no endpoint of the contract answers this',
    );
  });
});
