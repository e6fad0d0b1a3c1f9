/** The browser host's answers to failures: the contract's one error shape, short, nothing of the server's insides. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppErrorCode } from '../../../shared/contract/errors.ts';
import { AppError } from '../errors.ts';

const STATUS_OF: Record<AppErrorCode, number> = {
  FORBIDDEN: 403,
  INVALID_INPUT: 400,
  NOT_FOUND: 404,
  REFUSED: 409,
  UNKNOWN_OPERATION: 404,
  INTERNAL: 500,
  UNPAIRED: 401,
  DISK_FULL: 507,
};

export const sendError = (reply: FastifyReply, error: AppError) =>
  reply.code(STATUS_OF[error.code]).send(error.toBody());

/** What the framework's own refusals say: short, and never its internal message. */
function frameworkError(status: number, code: string | undefined): AppError {
  if (status === 404) return new AppError('NOT_FOUND', 'nothing here');
  if (status === 413)
    return new AppError('INVALID_INPUT', 'the request is too large (a kiosk or desk request: 64 KB; a file: 20 MiB)');
  if (status === 415) return new AppError('INVALID_INPUT', 'send the input as JSON (content-type application/json)');
  if (status === 429) return new AppError('REFUSED', 'too many requests; wait a minute and try again');
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new AppError('INVALID_INPUT', 'the body is not valid JSON');
  if (status < 500) return new AppError('INVALID_INPUT', 'the request is not one this host understands');
  return new AppError('INTERNAL', 'the host failed; the details are in its log');
}

/** The rate limiter's refusal, thrown so that the error handler gives it the one error shape. */
export function rateLimited(_request: unknown, context: { ttl: number }) {
  return {
    statusCode: 429,
    code: 'FOYER_RATE_LIMITED',
    message: `too many attempts; try again in ${Math.ceil(context.ttl / 1000)} s`,
  };
}

export function handleErrors(app: FastifyInstance, log?: (line: string) => void): void {
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) log?.(`browser host: ${(error as Error).stack ?? String(error)}`);
    const answer =
      (error as { code?: string }).code === 'FOYER_RATE_LIMITED'
        ? new AppError('REFUSED', (error as Error).message)
        : frameworkError(status, (error as { code?: string }).code);
    void reply.code(status >= 500 ? 500 : status).send(answer.toBody());
  });
}
