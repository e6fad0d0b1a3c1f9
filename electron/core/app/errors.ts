import type { AppErrorBody, AppErrorCode } from '../../../shared/contract/operations.ts';

/** An expected failure of an operation: it reaches the renderer as `{ error: { code, message } }`. */
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
