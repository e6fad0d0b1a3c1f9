/**
 * A small IPP/1.1 client (RFC 8010 encoding, RFC 8011 operations): Print-Job,
 * Get-Printer-Attributes and Get-Job-Attributes, over undici to ipp:// (HTTP)
 * and ipps:// (HTTPS), which is all a label printer needs. Written here, in
 * one module, because the npm packages for IPP are unmaintained; the
 * encoding is tested byte for byte (test/unit/printing/ipp.test.ts) and
 * against CUPS's ippeveprinter (test/integration/printing/).
 */
import type { Agent, request as undiciRequest } from 'undici';

export const OPERATIONS = { printJob: 0x0002, getJobAttributes: 0x0009, getPrinterAttributes: 0x000b } as const;

/** Delimiter tags: the attribute groups. */
export const GROUP = { operation: 0x01, job: 0x02, end: 0x03, printer: 0x04, unsupported: 0x05 } as const;

/** Value tags (RFC 8010 3.5.2). */
export const TAG = {
  unsupported: 0x10,
  unknown: 0x12,
  noValue: 0x13,
  integer: 0x21,
  boolean: 0x22,
  enum: 0x23,
  octetString: 0x30,
  dateTime: 0x31,
  resolution: 0x32,
  rangeOfInteger: 0x33,
  begCollection: 0x34,
  textWithLanguage: 0x35,
  nameWithLanguage: 0x36,
  endCollection: 0x37,
  text: 0x41,
  name: 0x42,
  keyword: 0x44,
  uri: 0x45,
  uriScheme: 0x46,
  charset: 0x47,
  naturalLanguage: 0x48,
  mimeMediaType: 0x49,
  memberAttrName: 0x4a,
} as const;

export type IppValue = string | number | boolean | null | IppValue[] | { [member: string]: IppValue };
/** An attribute to send: its tag and one value or several (a 1setOf). */
export interface IppAttribute {
  name: string;
  tag: number;
  value: string | number | boolean | readonly (string | number)[];
}
export interface IppRequest {
  operation: number;
  requestId: number;
  operationAttributes: IppAttribute[];
  jobAttributes?: IppAttribute[];
  data?: Uint8Array;
}
export interface IppResponse {
  version: string;
  statusCode: number;
  requestId: number;
  /** Each group's attributes by name; several values become an array. */
  groups: { tag: number; attributes: Record<string, IppValue> }[];
}

const INTEGER_TAGS: ReadonlySet<number> = new Set([TAG.integer, TAG.enum]);

function encodeValue(tag: number, value: string | number | boolean): Buffer {
  if (INTEGER_TAGS.has(tag)) {
    const out = Buffer.alloc(4);
    out.writeInt32BE(Number(value));
    return out;
  }
  if (tag === TAG.boolean) return Buffer.from([value ? 1 : 0]);
  return Buffer.from(String(value), 'utf8');
}

function encodeAttribute({ name, tag, value }: IppAttribute): Buffer {
  const values = Array.isArray(value) ? value : [value];
  const parts: Buffer[] = [];
  values.forEach((one: string | number | boolean, index: number) => {
    // Additional values of a 1setOf have an empty name.
    const nameBytes = Buffer.from(index === 0 ? name : '', 'utf8');
    const valueBytes = encodeValue(tag, one);
    const head = Buffer.alloc(3 + nameBytes.length + 2);
    head.writeUInt8(tag, 0);
    head.writeUInt16BE(nameBytes.length, 1);
    nameBytes.copy(head, 3);
    head.writeUInt16BE(valueBytes.length, 3 + nameBytes.length);
    parts.push(head, valueBytes);
  });
  return Buffer.concat(parts);
}

export function encodeRequest(req: IppRequest): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt8(1, 0);
  head.writeUInt8(1, 1);
  head.writeUInt16BE(req.operation, 2);
  head.writeUInt32BE(req.requestId, 4);
  const parts = [head, Buffer.from([GROUP.operation]), ...req.operationAttributes.map(encodeAttribute)];
  if (req.jobAttributes?.length) parts.push(Buffer.from([GROUP.job]), ...req.jobAttributes.map(encodeAttribute));
  parts.push(Buffer.from([GROUP.end]));
  if (req.data) parts.push(Buffer.from(req.data));
  return Buffer.concat(parts);
}

function decodeValue(tag: number, bytes: Buffer): IppValue {
  if (INTEGER_TAGS.has(tag)) return bytes.length === 4 ? bytes.readInt32BE(0) : null;
  if (tag === TAG.boolean) return bytes[0] === 1;
  if (tag === TAG.unsupported || tag === TAG.unknown || tag === TAG.noValue) return null;
  if (tag === TAG.rangeOfInteger && bytes.length === 8) return [bytes.readInt32BE(0), bytes.readInt32BE(4)];
  if (tag === TAG.resolution && bytes.length === 9) return [bytes.readInt32BE(0), bytes.readInt32BE(4), bytes[8]!];
  if (tag === TAG.dateTime && bytes.length === 11) {
    const utc = Date.UTC(bytes.readUInt16BE(0), bytes[2]! - 1, bytes[3], bytes[4], bytes[5], bytes[6]);
    const sign = bytes[8] === 0x2d ? 1 : -1; // a zone "-5" is 5 hours behind UTC
    return new Date(utc + sign * (bytes[9]! * 60 + bytes[10]!) * 60_000).toISOString();
  }
  if (tag === TAG.textWithLanguage || tag === TAG.nameWithLanguage) {
    const languageLength = bytes.readUInt16BE(0);
    const textLength = bytes.readUInt16BE(2 + languageLength);
    return bytes.subarray(4 + languageLength, 4 + languageLength + textLength).toString('utf8');
  }
  if (tag === TAG.octetString) return bytes.toString('latin1');
  return bytes.toString('utf8');
}

class Reader {
  offset = 0;
  constructor(readonly bytes: Buffer) {}
  need(n: number) {
    if (this.offset + n > this.bytes.length) throw new Error('the IPP response is cut short');
  }
  u8() {
    this.need(1);
    return this.bytes[this.offset++]!;
  }
  u16() {
    this.need(2);
    const value = this.bytes.readUInt16BE(this.offset);
    this.offset += 2;
    return value;
  }
  take(n: number) {
    this.need(n);
    const out = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
}

/** Values gathered per name: one value stays one, several (a 1setOf) become an array. */
class Values {
  readonly byName = new Map<string, IppValue[]>();
  add(name: string, value: IppValue, additional: boolean) {
    const values = additional ? this.byName.get(name) : undefined;
    if (values) values.push(value);
    else this.byName.set(name, [value]);
  }
  record(): Record<string, IppValue> {
    return Object.fromEntries(
      [...this.byName].map(([name, values]) => [name, values.length === 1 ? values[0]! : values]),
    );
  }
}

/** The values of a collection, up to its endCollection. */
function readCollection(reader: Reader): Record<string, IppValue> {
  const members = new Values();
  let member = '';
  for (;;) {
    const tag = reader.u8();
    reader.take(reader.u16()); // a member's own name field is empty
    const bytes = reader.take(reader.u16());
    if (tag === TAG.endCollection) return members.record();
    if (tag === TAG.memberAttrName) {
      member = bytes.toString('utf8');
      continue;
    }
    const value = tag === TAG.begCollection ? readCollection(reader) : decodeValue(tag, bytes);
    members.add(member, value, members.byName.has(member));
  }
}

export function decodeResponse(bytes: Buffer): IppResponse {
  const reader = new Reader(bytes);
  const version = `${reader.u8()}.${reader.u8()}`;
  const statusCode = reader.u16();
  reader.need(4);
  const requestId = bytes.readUInt32BE(reader.offset);
  reader.offset += 4;
  const groups: { tag: number; values: Values }[] = [];
  let current: Values | undefined;
  let last = '';
  while (reader.offset < bytes.length) {
    const tag = reader.u8();
    if (tag === GROUP.end) break;
    if (tag < 0x10) {
      current = new Values();
      groups.push({ tag, values: current });
      continue;
    }
    if (!current) throw new Error('an IPP attribute outside a group');
    const name = reader.take(reader.u16()).toString('utf8');
    const valueBytes = reader.take(reader.u16());
    const value = tag === TAG.begCollection ? readCollection(reader) : decodeValue(tag, valueBytes);
    if (name) last = name;
    current.add(last, value, name === '');
  }
  return { version, statusCode, requestId, groups: groups.map((g) => ({ tag: g.tag, attributes: g.values.record() })) };
}

/** The attributes of the first group with this tag (printer, job), or {}. */
export function groupOf(response: IppResponse, tag: number): Record<string, IppValue> {
  return response.groups.find((g) => g.tag === tag)?.attributes ?? {};
}

/** 0x0000-0x00ff: successful (some attributes may have been ignored or substituted). */
export const isSuccess = (statusCode: number) => statusCode < 0x0100;

export class IppError extends Error {
  constructor(
    message: string,
    /** The IPP status (e.g. 0x0506 server-error-not-accepting-jobs), absent when no IPP answer came. */
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'IppError';
  }
}

/** An ipp:// or ipps:// address as the HTTP URL it is posted to (port 631 unless given). */
export function httpUrlOf(printerUri: string): string {
  const url = new URL(printerUri);
  if (url.protocol !== 'ipp:' && url.protocol !== 'ipps:') throw new IppError(`not an IPP address: ${printerUri}`);
  const port = url.port || '631';
  // URL keeps an IPv6 host in its brackets.
  return `${url.protocol === 'ipps:' ? 'https' : 'http'}://${url.hostname}:${port}${url.pathname}`;
}

export interface IppClientOptions {
  /** Connecting, and each answer, at most this long. */
  timeoutMs?: number;
}

export interface PrinterAttributes {
  state: 'idle' | 'printing' | 'stopped' | 'unknown';
  reasons: string[];
  message: string | null;
  acceptingJobs: boolean;
}

export interface JobAttributes {
  jobId: number;
  /** RFC 8011 job-state: 3 pending, 4 held, 5 processing, 6 stopped, 7 canceled, 8 aborted, 9 completed. */
  state: number;
  reasons: string[];
}

const PRINTER_STATE: Record<number, PrinterAttributes['state']> = { 3: 'idle', 4: 'printing', 5: 'stopped' };
const list = (value: IppValue | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).map(String);

/**
 * The client: one undici agent for every printer. An ipps:// printer's
 * certificate is one it made itself (no authority vouches for a printer on
 * a LAN), so it is used for encryption, not trusted as an identity.
 */
export function createIppClient(options: IppClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 5_000;
  // Made (and undici loaded) when a printer is first asked: a command that prints nothing never loads it.
  let agent: Promise<{ agent: Agent; request: typeof undiciRequest }> | undefined;
  const agentOf = () =>
    (agent ??= import('undici').then((undici) => ({
      request: undici.request,
      agent: new undici.Agent({
        connect: { timeout: timeoutMs, rejectUnauthorized: false },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        keepAliveTimeout: 4_000,
      }),
    })));
  let nextRequestId = 1;
  const base = (printerUri: string): IppAttribute[] => [
    { name: 'attributes-charset', tag: TAG.charset, value: 'utf-8' },
    { name: 'attributes-natural-language', tag: TAG.naturalLanguage, value: 'en' },
    { name: 'printer-uri', tag: TAG.uri, value: printerUri },
  ];

  async function send(printerUri: string, req: Omit<IppRequest, 'requestId'>): Promise<IppResponse> {
    const requestId = nextRequestId++;
    const body = encodeRequest({ ...req, requestId });
    const http = await agentOf();
    let response;
    try {
      response = await http.request(httpUrlOf(printerUri), {
        method: 'POST',
        headers: { 'content-type': 'application/ipp' },
        body,
        dispatcher: http.agent,
        signal: AbortSignal.timeout(timeoutMs * 2),
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new IppError(`the printer does not answer (${code ?? (error as Error).message})`);
    }
    const bytes = Buffer.from(await response.body.arrayBuffer());
    if (response.statusCode !== 200) throw new IppError(`the printer answered HTTP ${response.statusCode}`);
    let decoded: IppResponse;
    try {
      decoded = decodeResponse(bytes);
    } catch (error) {
      throw new IppError(`the printer's answer is not IPP: ${(error as Error).message}`);
    }
    if (!isSuccess(decoded.statusCode)) {
      const message = groupOf(decoded, GROUP.operation)['status-message'];
      const hex = `0x${decoded.statusCode.toString(16).padStart(4, '0')}`;
      throw new IppError(`the printer refused (${hex}${message ? `: ${String(message)}` : ''})`, decoded.statusCode);
    }
    return decoded;
  }

  return {
    async printerAttributes(printerUri: string): Promise<PrinterAttributes> {
      const response = await send(printerUri, {
        operation: OPERATIONS.getPrinterAttributes,
        operationAttributes: [
          ...base(printerUri),
          {
            name: 'requested-attributes',
            tag: TAG.keyword,
            value: ['printer-state', 'printer-state-reasons', 'printer-state-message', 'printer-is-accepting-jobs'],
          },
        ],
      });
      const printer = groupOf(response, GROUP.printer);
      const message = printer['printer-state-message'];
      return {
        state: PRINTER_STATE[Number(printer['printer-state'])] ?? 'unknown',
        reasons: list(printer['printer-state-reasons']).filter((r) => r !== 'none'),
        message: typeof message === 'string' && message ? message : null,
        acceptingJobs: printer['printer-is-accepting-jobs'] !== false,
      };
    },
    async printJob(printerUri: string, pdf: Uint8Array, jobName: string): Promise<{ jobId: number }> {
      const response = await send(printerUri, {
        operation: OPERATIONS.printJob,
        operationAttributes: [
          ...base(printerUri),
          { name: 'requesting-user-name', tag: TAG.name, value: 'foyer' },
          { name: 'job-name', tag: TAG.name, value: jobName.slice(0, 200) },
          { name: 'document-format', tag: TAG.mimeMediaType, value: 'application/pdf' },
        ],
        data: pdf,
      });
      const jobId = Number(groupOf(response, GROUP.job)['job-id']);
      return { jobId: Number.isInteger(jobId) ? jobId : 0 };
    },
    async jobAttributes(printerUri: string, jobId: number): Promise<JobAttributes> {
      const response = await send(printerUri, {
        operation: OPERATIONS.getJobAttributes,
        operationAttributes: [...base(printerUri), { name: 'job-id', tag: TAG.integer, value: jobId }],
      });
      const job = groupOf(response, GROUP.job);
      return { jobId, state: Number(job['job-state']), reasons: list(job['job-state-reasons']) };
    },
    close: async () => {
      if (agent) await (await agent).agent.close();
    },
  };
}
export type IppClient = ReturnType<typeof createIppClient>;
