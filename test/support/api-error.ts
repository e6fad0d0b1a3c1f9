/** What a test of the API client needs to look at a failure. */
import { expect } from 'vitest';
import { ApiError } from '../../electron/core/api/errors.ts';

/** The ApiError that `promise` rejects with; the test fails if it resolves or rejects with anything else. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
