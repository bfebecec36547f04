import { afterEach, describe, expect, it, vi } from 'vitest';
import { newJobId } from './jobId';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.unstubAllGlobals());

describe('newJobId', () => {
  it('is a version 4 UUID', () => {
    expect(newJobId()).toMatch(uuidV4);
  });

  it('is one too where crypto.randomUUID is missing (a page over plain HTTP)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    const ids = new Set(Array.from({ length: 50 }, newJobId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(uuidV4);
  });
});
