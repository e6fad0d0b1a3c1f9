import type { AppErrorBody, AppErrorCode } from '../../shared/contract/errors.ts';
import { ApiError } from './api/errors.ts';
import { storageProblemOf } from './sync/storage.ts';

/**
 * The core's one error type: an expected failure of an operation, in the
 * contract's words. It reaches a caller as `{ error: { code, message } }`.
 * Domain modules throw it, or a named subclass (TransitionRefused,
 * PushRefused, SettingRefused, ...) that fixes its code where the failure is
 * defined, so that one failure means the same at every door; core.call maps
 * everything else once (asAppError below), and no handler translates.
 */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): AppErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

/** A field of the input that the rules refuse (a setting, a push without its group): shown beside that field. */
export class InvalidField extends AppError {
  override name = 'InvalidField';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super('INVALID_INPUT', message, [{ path: field, message }]);
  }
}

/** What a person is told when their action could not be saved for want of space (its transaction rolled back). */
export const DISK_FULL_REFUSAL = 'The disk is full: nothing was saved; free space and try again.';

/**
 * What an operation threw, as the contract's error: itself when it is one; the service's refusal (an ApiError
 * the handler did not answer by going offline) as REFUSED with the client's message, which is cleaned of secrets
 * and capped; a full disk (SQLITE_FULL, ENOSPC: see sync/storage.ts) as DISK_FULL, in words; undefined for
 * anything else, which is a bug (core.call logs it and answers INTERNAL).
 */
export function asAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ApiError) return new AppError('REFUSED', error.message);
  if (storageProblemOf(error, '')?.kind === 'disk_full') return new AppError('DISK_FULL', DISK_FULL_REFUSAL);
  return undefined;
}
