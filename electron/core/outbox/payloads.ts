/**
 * What an outbox row holds, per kind, parsed where it is read. Rows outlive
 * upgrades: a row queued by an older Foyer (or damaged on disk) may not have
 * the shape this version expects, and a cast would let that compile and then
 * fail at run time, somewhere else. Parsed here, such a row fails alone, with
 * a reason naming its kind and what is wrong, and the rows after it go on.
 */
import { z } from 'zod';
import { AccessProfileItem } from '../../../shared/api/index.ts';
import type { OutboxKind, OutboxRow } from '../db/repos/outbox.ts';
import { TRANSITION_ACTIONS } from './transitions.ts';

export const TransitionPayload = z.object({
  checkInId: z.number().int().positive(),
  locationId: z.number().int(),
  action: z.enum(TRANSITION_ACTIONS),
  eventName: z.string().min(1),
  /** The state the guest was in when the action was taken. */
  fromState: z.string(),
  /** The state the service is expected to answer with. */
  toState: z.string(),
  /** 'auto': the daily automatic check-out made it, not a person (never sent: the interface has no place for it). */
  by: z.literal('auto').optional(),
});
export type TransitionPayload = z.infer<typeof TransitionPayload>;

/**
 * Identities and events rows hold the request body itself, checked item by item
 * with the interface's strict schemas when they were queued and sent as stored
 * text (checking every item again at each attempt would double the work of a
 * big push). What is checked here is the envelope and what Foyer itself reads
 * of each item (which person or event it was, for the results).
 */
const SentItem = z.looseObject({ sourceId: z.string().nullish(), email: z.string().nullish() });

const PAYLOADS = {
  transition: TransitionPayload,
  identities: z.object({ permanentIdentities: z.array(SentItem).min(1) }),
  events: z.object({ events: z.array(SentItem).min(1) }),
  profiles: z.object({ groupSourceId: z.string().min(1), accessProfiles: z.array(AccessProfileItem) }),
} satisfies Record<OutboxKind, z.ZodType>;

export type Payload<K extends OutboxKind> = z.output<(typeof PAYLOADS)[K]>;

/** A row's payload with its kind, so that a switch on `kind` narrows the payload. */
export type ParsedPayload = { [K in OutboxKind]: { kind: K; payload: Payload<K> } }[OutboxKind];

export type PayloadResult = ({ ok: true } & ParsedPayload) | { ok: false; reason: string };

const isKind = (kind: string): kind is OutboxKind => Object.hasOwn(PAYLOADS, kind);

/** JSON text as a value, or undefined when it is not JSON. */
export function jsonOf(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The first few problems, each with where it is: enough for a person (or a developer) to see what changed. */
function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(the whole payload)'}: ${issue.message}`);
  return shown.join('; ') + (issues.length > 3 ? `; and ${issues.length - 3} more` : '');
}

const unreadable = (kind: OutboxKind, error: z.ZodError): PayloadResult => ({
  ok: false,
  reason: `${kind} outbox item of a shape this version of Foyer cannot send (${describeIssues(error.issues)})`,
});

/** The row's payload as its kind says, or why it cannot be read as one. */
export function parsePayload(row: Pick<OutboxRow, 'kind' | 'payload'>): PayloadResult {
  const kind: string = row.kind;
  if (!isKind(kind))
    return { ok: false, reason: `outbox item of unknown kind "${kind}": this version of Foyer cannot send it` };
  const value = jsonOf(row.payload);
  if (value === undefined) return { ok: false, reason: `${kind} outbox item: its payload is not JSON` };
  // One case per kind: each pairs its kind with its own payload type, which an index into PAYLOADS cannot.
  switch (kind) {
    case 'transition': {
      const parsed = PAYLOADS.transition.safeParse(value);
      return parsed.success ? { ok: true, kind, payload: parsed.data } : unreadable(kind, parsed.error);
    }
    case 'identities': {
      const parsed = PAYLOADS.identities.safeParse(value);
      return parsed.success ? { ok: true, kind, payload: parsed.data } : unreadable(kind, parsed.error);
    }
    case 'events': {
      const parsed = PAYLOADS.events.safeParse(value);
      return parsed.success ? { ok: true, kind, payload: parsed.data } : unreadable(kind, parsed.error);
    }
    case 'profiles': {
      const parsed = PAYLOADS.profiles.safeParse(value);
      return parsed.success ? { ok: true, kind, payload: parsed.data } : unreadable(kind, parsed.error);
    }
  }
}
