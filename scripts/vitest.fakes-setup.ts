// Every web and unit test file: a test fails when a fake server answered it with something the real
// server never sends (its status, shape or error code off the endpoint's contract, issue 28).
import { afterEach, expect } from 'vitest';
import { fakeAnswersOffContract } from '@linkhive/shared/contract';

afterEach(() => {
  const found = fakeAnswersOffContract.splice(0);
  expect(found, 'a fake answered off the contract').toEqual([]);
});
