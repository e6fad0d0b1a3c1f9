/**
 * spec/decisions.md "Errors": a body over 5 MiB is a 413 PAYLOAD_TOO_LARGE in
 * the error shape, and nothing of it is applied. The client sends the whole
 * body before it reads the answer (as undici and most clients do): the
 * service must read (and drop) it and answer, not reset the connection, which
 * the client would see as EPIPE or ECONNRESET and retry as a network fault.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, LIMITS } from '../../../shared/api/index.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { TEST_TOKEN } from '../../support/world.ts';
import { snapshot } from './helpers.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
});

/** A JSON body of exactly `bytes` bytes: a description padded to size. */
function bodyOf(bytes: number): Buffer {
  const head = '{"events":[{"sourceId":"too-big","name":"x","description":"';
  const tail = '"}]}';
  return Buffer.from(head + 'x'.repeat(bytes - head.length - tail.length) + tail);
}

interface RawAnswer {
  status: number;
  text: string;
  /** What the socket reported while the body was being written, if anything. */
  writeError: string | null;
}

/** Writes the request and its whole body on a plain socket, then reads the answer until the server closes or ends it. */
function send(path: string, body: Buffer, chunked: boolean): Promise<RawAnswer> {
  const url = new URL(svc.baseUrl + path);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    let writeError: string | null = null;
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      writeError = error.code ?? error.message;
    });
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      if (!text) return reject(new Error(`no answer (${writeError ?? 'closed'})`));
      resolve({ status, text: text.slice(text.indexOf('\r\n\r\n') + 4), writeError });
    });
    const head = [
      `PUT ${url.pathname} HTTP/1.1`,
      `host: ${url.host}`,
      `authorization: Bearer ${TEST_TOKEN}`,
      'content-type: application/json',
      chunked ? 'transfer-encoding: chunked' : `content-length: ${body.length}`,
      'connection: close',
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    if (!chunked) socket.end(body);
    else {
      for (let at = 0; at < body.length; at += 256 * 1024) {
        const part = body.subarray(at, at + 256 * 1024);
        socket.write(`${part.length.toString(16)}\r\n`);
        socket.write(part);
        socket.write('\r\n');
      }
      socket.end('0\r\n\r\n');
    }
  });
}

describe('a body over 5 MiB', () => {
  it.each([
    ['with a content-length', false],
    ['chunked', true],
  ])('sent in full (%s) is answered 413 PAYLOAD_TOO_LARGE in the error shape, nothing applied', async (_, chunked) => {
    const before = snapshot(svc);
    const answer = await send('/events', bodyOf(LIMITS.bodyBytes + 1), chunked);
    expect(answer.writeError, 'the body could be sent in full').toBeNull();
    expect(answer.status, answer.text).toBe(413);
    const body = JSON.parse(chunked ? answer.text.replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/gi, '') : answer.text);
    expect(ErrorBody.safeParse(body).success, answer.text).toBe(true);
    expect(body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(body.error.message).toMatch(/5 MiB/);
    expect(snapshot(svc)).toEqual(before);
  });

  it('a body of exactly 5 MiB is read (and judged on its content)', async () => {
    const answer = await send('/events', bodyOf(LIMITS.bodyBytes), false);
    expect(answer.status, answer.text).toBe(200);
  });

  it('the service still answers on a new connection afterwards', async () => {
    expect((await svc.call('GET', '/locations/10/check-ins')).status).toBe(200);
  });
});
