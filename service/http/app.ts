import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  API_BASE_PATH,
  type EndpointDefinition,
  type EndpointName,
  endpoints,
  type ErrorBody,
  issuesToDetails,
  LIMITS,
} from '../../shared/api/index.ts';
import { ServiceError, validationError } from '../errors.ts';
import { type Caller, findCaller, type StoreContext } from '../store/context.ts';
import { RawJson } from '../store/paging.ts';
import { buildOpenApi } from './openapi.ts';
import { createReliability, type ReliabilityOptions } from './reliability.ts';
import { type EndpointInput, type Handler, handlers } from './handlers.ts';

export interface AppOptions extends ReliabilityOptions {
  log?: (line: string) => void;
}

function errorBody(code: string, message: string, details?: ErrorBody['error']['details']): ErrorBody {
  return { error: { code, message, ...(details && details.length > 0 ? { details } : {}) } };
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const details = issuesToDetails(parsed.error.issues, where === 'body' ? '' : '');
  throw validationError(`invalid ${where}: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`, details);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

const unauthenticated = (message: string) =>
  new ServiceError(401, 'UNAUTHENTICATED', message, undefined, {
    'www-authenticate': 'Bearer realm="api", error="invalid_token"',
  });

export function buildApp(ctx: StoreContext, options: AppOptions = {}): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: LIMITS.bodyBytes, forceCloseConnections: true });
  const reliability = createReliability(options);
  const openApi = buildOpenApi();

  app.get(`${API_BASE_PATH}/openapi.json`, async () => openApi);

  for (const [name, definition] of Object.entries(endpoints) as [EndpointName, EndpointDefinition][]) {
    app.route({
      method: definition.method,
      url: API_BASE_PATH + definition.path.replace(/\{(\w+)\}/g, ':$1'),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        await reliability.delay();
        reliability.takeToken();
        const fault = reliability.pickFault();
        if (fault === 'unavailable')
          throw new ServiceError(503, 'UNAVAILABLE', 'the service is unavailable (simulated fault); retry later');
        if (fault === 'drop-before') return drop(request, reply);

        const token = bearerToken(request);
        if (!token) throw unauthenticated('send the header "Authorization: Bearer <token>"');
        const caller: Caller | undefined = findCaller(ctx, token);
        if (!caller) throw unauthenticated('the token is not known to this service');

        const handler = handlers[name];
        handler.precheck?.(request.body);
        const input = {
          params: parsePart(definition.params, request.params, 'path'),
          query: parsePart(definition.query, request.query, 'query'),
          body: parsePart(definition.body, request.body, 'body'),
        };
        const result = (handler as Handler<EndpointName>).run(ctx, caller, input as EndpointInput<EndpointName>);
        if (fault === 'drop-after') return drop(request, reply);
        if (definition.status === 204) return reply.code(204).send();
        if (result instanceof RawJson) return reply.type('application/json; charset=utf-8').send(result.json);
        return result;
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .send(errorBody('NOT_FOUND', `no endpoint ${request.method} ${request.url.split('?')[0] ?? ''}`));
  });

  app.setErrorHandler(async (error: FastifyError | ServiceError, request, reply) => {
    if (error instanceof ServiceError) {
      void reply
        .code(error.status)
        .headers(error.headers)
        .send(errorBody(error.code, error.message, error.details));
      return;
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      // The client is still sending: closing now resets the connection (it sees EPIPE, not the answer).
      await drainRequest(request.raw, DRAIN_MAX_BYTES);
      void reply
        .code(413)
        .header('connection', 'close')
        .send(errorBody('PAYLOAD_TOO_LARGE', `the body is larger than ${LIMITS.bodyBytes} bytes (5 MiB)`));
      return;
    }
    if (status === 415) {
      void reply
        .code(400)
        .send(errorBody('VALIDATION_ERROR', 'send the body as JSON, with the header "Content-Type: application/json"'));
      return;
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'the body is empty; send a JSON object'
          : `the body is not valid JSON: ${error.message}`;
      void reply.code(400).send(errorBody('VALIDATION_ERROR', message));
      return;
    }
    options.log?.(`internal error: ${error.stack ?? error.message}`);
    void reply.code(500).send(errorBody('INTERNAL', 'internal error of the reference service'));
  });

  return app;
}

/** Past this, a client still sending an oversized body is cut off (its answer may then be lost). */
const DRAIN_MAX_BYTES = 8 * LIMITS.bodyBytes;

/** Reads and drops what is left of a request's body (at most `max` bytes), so that the answer can be read. */
function drainRequest(raw: IncomingMessage, max: number): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      raw.off('data', onData).off('end', done).off('error', done).off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > max) done();
    };
    raw.on('data', onData).on('end', done).on('error', done).on('close', done);
    raw.resume();
  });
}

function drop(request: FastifyRequest, reply: FastifyReply) {
  reply.hijack();
  request.raw.socket.destroy();
  return reply;
}
