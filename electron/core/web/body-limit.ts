/**
 * Bodies are held to the caller's limit while they arrive, before any
 * parsing: an operation's body to 64 KB unless the session is an admin's
 * (who sends files), everything else to the host's small default. Which
 * limit applies is read from the route the router matched (route-door.ts):
 * an encoded path to an operation (`/%61pp/...`) is that operation's route
 * and meets the same limit.
 */
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../../shared/contract/op.ts';
import { doorOf } from './route-door.ts';

/** Anonymous and desk callers send small inputs; only an admin sends files (20 MiB as base64, in JSON). */
export const BODY_LIMITS = { small: 64 * 1024, media: 640 * 1024, admin: 30 * 1024 * 1024 };

/** The operations a kiosk sends an image with (a photo, a drawn signature): held to the media limit. */
const MEDIA_OPERATIONS: ReadonlySet<string> = new Set(['photos.take', 'agreements.sign']);

const tooLarge = () => Object.assign(new Error('body too large'), { statusCode: 413 });

/** Counts a body's bytes as they arrive: a sender without Content-Length is held to the same limit. */
function limitedStream(limit: number): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > limit) done(tooLarge());
      else done(null, chunk);
    },
  });
}

export function limitBodies(
  app: FastifyInstance,
  roleOf: (request: FastifyRequest, reply: FastifyReply) => Role,
): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    // Other routes keep their own limit (the host's small default, or smaller), which the framework enforces.
    if (doorOf(request) !== 'operation') return payload;
    const operation = (request.params as { op?: string } | undefined)?.op ?? '';
    const limit =
      roleOf(request, reply) === 'admin'
        ? BODY_LIMITS.admin
        : MEDIA_OPERATIONS.has(operation)
          ? BODY_LIMITS.media
          : BODY_LIMITS.small;
    if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge();
    return payload.pipe(limitedStream(limit));
  });
}
