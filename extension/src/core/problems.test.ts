import { describe, expect, it } from 'vitest';
import { ApiError } from '@linkhive/shared/api';
import { problemOf } from './problems';

describe('what a failed request means for a save', () => {
  it("refuses for good only when the server's API says so", () => {
    expect(problemOf(new ApiError(400, 'invalid', 'Bad link', 'link'))).toEqual({
      kind: 'rejected',
      message: 'Bad link',
      field: 'link',
    });
    expect(problemOf(new ApiError(409, 'duplicate_link', 'dup'))).toMatchObject({ kind: 'duplicate' });
  });

  it("treats a proxy's or CDN's error page (no API error body) as a server problem, not a refusal", () => {
    for (const status of [400, 403, 404, 410, 413]) {
      expect(problemOf(new ApiError(status, 'http_error', 'Something went wrong'))).toMatchObject({ kind: 'server' });
    }
    expect(problemOf(new ApiError(429, 'rate_limited', 'Slow down'))).toMatchObject({ kind: 'server' });
  });
});
