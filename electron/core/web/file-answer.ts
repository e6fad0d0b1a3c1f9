/**
 * A large file as the answer to an operation, written as it is made (see
 * FileSink in app/handler.ts): the renderer asks for it with `accept:
 * application/octet-stream` on the same POST /app/:op as any call, so it
 * passes the same gates (session, origin, role, the audit log). The host
 * holds a part of the file at a time, however large the file.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationName } from '../../../shared/contract/operations.ts';
import type { FileSink } from '../app/handler.ts';

/** The operations whose file can come as the answer itself. */
const FILE_OPERATIONS: ReadonlySet<OperationName> = new Set(['visits.export']);

export const FILE_ACCEPT = 'application/octet-stream';

/** The sink for a call that asked for its file as the answer, and whether the answer has gone out. */
export function fileAnswer(request: FastifyRequest, reply: FastifyReply, name: OperationName) {
  let body: PassThrough | undefined;
  const sink: FileSink | undefined =
    FILE_OPERATIONS.has(name) && request.headers.accept === FILE_ACCEPT
      ? {
          open(fileName, contentType) {
            body = new PassThrough();
            // The name is Foyer's own ("foyer-visitors-2026-11-01.csv"): nothing to escape.
            void reply
              .header('content-type', contentType)
              .header('content-disposition', `attachment; filename="${fileName}"`)
              .send(body);
            return body;
          },
        }
      : undefined;
  return {
    sink,
    /** Whether the file has begun to go out: the answer is under way, whatever the call does next. */
    get started() {
      return body !== undefined;
    },
    /** The call failed after the file began: the connection is cut, so the caller never takes half a file for all of it. */
    abort(error: unknown) {
      body?.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  };
}
