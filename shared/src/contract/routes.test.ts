import { describe, expect, it } from 'vitest';
import { allEndpoints, contract, routesOf, type EndpointDefinition } from './index.js';
import { routes } from './routes.js';

describe('routes (the contract without zod)', () => {
  it('holds every endpoint of the contract with its method and path, and nothing else', () => {
    // When this fails after a change to the contract: npm run openapi writes routes.ts again.
    expect(routes).toEqual(routesOf(contract as unknown as Record<string, Record<string, EndpointDefinition>>));
    expect(Object.values(routes).flatMap((f) => Object.keys(f))).toHaveLength(allEndpoints.length);
  });
});
