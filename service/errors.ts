import type { ErrorDetail, KnownErrorCode } from '../shared/api/index.ts';

/** An answer other than 2xx; turned into the error body by the HTTP layer. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: KnownErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const notFound = (message: string) => new ServiceError(404, 'NOT_FOUND', message);
export const validationError = (message: string, details?: ErrorDetail[]) =>
  new ServiceError(400, 'VALIDATION_ERROR', message, details);

/** A rule broken by one item of a synchronisation request: that item only is rolled back. */
export class ItemRejection extends Error {
  constructor(
    readonly status: 'INVALID' | 'CONFLICT',
    message: string,
  ) {
    super(message);
    this.name = 'ItemRejection';
  }
}
export const invalid = (message: string) => new ItemRejection('INVALID', message);
export const conflict = (message: string) => new ItemRejection('CONFLICT', message);
