/**
 * Agreements: a document a guest signs on the kiosk's screen before the
 * check-in (an NDA, house rules, a safety briefing). The site's documents
 * are settings (the configuration's `agreements` section); each edit of a
 * document's title or texts makes a new version, numbered by the hub. The
 * signed copy is a PDF in the hub's data directory, never sent to the
 * service (the interface has no place for it).
 *
 * A kiosk acts on a guest it found (a ticket) or on its own walk-in request
 * (a request ticket), and reads nothing but the documents that guest is to
 * sign; the desk lists a guest's answers and opens a signed copy.
 */
import { z } from 'zod';
import { GUEST_LANGUAGES, type KnownGuestLanguage } from '../api/primitives.ts';
import { ADMIN, ALL, op, STAFF, PASSIVE } from './op.ts';

export const AGREEMENT_AUDIENCES = ['invited', 'walkIns', 'both'] as const;
export type AgreementAudience = (typeof AGREEMENT_AUDIENCES)[number];

/** A document's text has at most this many characters in one language (a long NDA is some 15,000). */
export const MAX_AGREEMENT_CHARS = 30_000;
/** A drawn signature, as PNG bytes: a few strokes on a canvas are 10-40 KB. */
export const MAX_SIGNATURE_BYTES = 200 * 1024;

const LANGUAGE_HINT = `one of the guest languages (${GUEST_LANGUAGES.join(', ')})`;
const Language = z.enum(GUEST_LANGUAGES, { error: LANGUAGE_HINT });

/**
 * A text in several languages, as paragraphs: an operation's input holds no
 * control characters (no line breaks), so each paragraph is one string.
 */
export const Paragraphs = z
  .array(z.string().max(MAX_AGREEMENT_CHARS))
  .max(500)
  .refine((paragraphs) => paragraphs.join('').length <= MAX_AGREEMENT_CHARS, {
    message: `a text is at most ${MAX_AGREEMENT_CHARS} characters`,
  });
export const TextsByLanguage = z.partialRecord(Language, Paragraphs);
export type TextsByLanguage = Partial<Record<KnownGuestLanguage, string[]>>;

const DOCUMENT_ID = "an id of lower-case letters, digits and dashes, e.g. 'nda'";
const VALID_DAYS = 'days a signature holds: 0 (every visit) to 3650';

export const AgreementDocument = z.strictObject({
  /** Stays the same across versions: what a signature names. */
  id: z
    .string({ error: DOCUMENT_ID })
    .max(40, DOCUMENT_ID)
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, DOCUMENT_ID),
  title: z.string().trim().min(1, 'give the document a title').max(100, 'a title is at most 100 characters'),
  /** The text per language; a guest whose language has none reads the site's start language's. */
  texts: TextsByLanguage.refine((texts) => Object.values(texts).some((p) => p.join('').trim() !== ''), {
    message: 'write the text in at least one language',
  }),
  appliesTo: z.enum(AGREEMENT_AUDIENCES).default('both'),
  /** How long a signature holds; 0: every visit asks again. */
  validDays: z.number({ error: VALID_DAYS }).int(VALID_DAYS).min(0, VALID_DAYS).max(3650, VALID_DAYS).default(365),
});
export type AgreementDocument = z.output<typeof AgreementDocument>;

const RETENTION = 'days from 1 to 3650, or none: as long as the visit data';
/** The configuration's `agreements` section. */
export const AgreementSettings = z.strictObject({
  documents: z
    .array(AgreementDocument)
    .max(10)
    .default([])
    .refine((docs) => new Set(docs.map((d) => d.id)).size === docs.length, { message: 'two documents have one id' }),
  /** How long signed copies are kept; null: as long as the visit data (retentionDays). */
  signatureRetentionDays: z.number({ error: RETENTION }).int(RETENTION).min(1).max(3650).nullable().default(null),
});
export type AgreementSettings = z.output<typeof AgreementSettings>;

/** A document as a guest reads it: in their language (or the start language), with its version. */
export const AgreementToSign = z.object({
  documentId: z.string(),
  version: z.number().int(),
  title: z.string(),
  paragraphs: z.array(z.string()),
  /** The language the text is in (the guest's, or the site's start language when there is none in theirs). */
  language: z.string(),
});
export type AgreementToSign = z.infer<typeof AgreementToSign>;

/** A signature: a PNG drawn on the screen (base64), or the name typed by a guest who cannot draw. */
export const Signature = z.union([
  z.strictObject({
    drawn: z
      .string()
      .min(1)
      .max(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 4),
  }),
  z.strictObject({ typed: z.string().trim().min(1, 'type your name').max(200) }),
]);
export type Signature = z.infer<typeof Signature>;

const ticket = z.string().min(1).max(200);

export const AGREEMENT_OUTCOMES = ['signed', 'declined'] as const;

/** One answer as the desk lists it. */
export const AgreementRecord = z.object({
  id: z.number().int(),
  documentId: z.string(),
  title: z.string(),
  version: z.number().int(),
  outcome: z.enum(AGREEMENT_OUTCOMES),
  method: z.enum(['drawn', 'typed']).nullable(),
  at: z.string(),
  device: z.string(),
  /** A signed copy is kept (null when declined, or the copy has passed its retention). */
  hasCopy: z.boolean(),
});
export type AgreementRecord = z.infer<typeof AgreementRecord>;

/** The event the desks hear when a guest signed or declined. */
export type AgreementEvent = {
  type: 'agreements-changed';
  /** The guest's invitation id (negative: a walk-in's request), or null. */
  invitationId: number | null;
  /** Set when the guest declined: who, and which document (the desk tells reception). */
  declined?: { name: string; title: string };
};

export const agreementsOperations = {
  'agreements.forGuest': op(
    ALL,
    z.strictObject({ ticket, language: z.string().min(2).max(8) }),
    z.array(AgreementToSign),
    'The documents a found guest is to sign before checking in (none when a signature of theirs still holds)',
  ),
  'agreements.forWalkIn': op(
    ALL,
    z.strictObject({ language: z.string().min(2).max(8) }),
    z.array(AgreementToSign),
    'The documents a visitor without an invitation signs with the form',
  ),
  'agreements.sign': op(
    ALL,
    z
      .strictObject({
        /** Whom a kiosk signs for: a guest it found (ticket), or its own walk-in request (requestTicket). */
        ticket: ticket.optional(),
        requestTicket: ticket.optional(),
        documentId: z.string().min(1).max(40),
        version: z.number().int().positive(),
        language: z.string().min(2).max(8),
        signature: Signature,
      })
      .refine((s) => (s.ticket === undefined) !== (s.requestTicket === undefined), {
        message: 'name the guest by ticket or the walk-in by requestTicket, one of the two',
      }),
    z.object({ signedAt: z.string() }),
    'A guest signs a document at the kiosk: the signed copy is kept as a PDF',
  ),
  'agreements.decline': op(
    ALL,
    z.strictObject({ ticket, documentId: z.string().min(1).max(40), version: z.number().int().positive() }),
    z.object({ declinedAt: z.string() }),
    'A guest declines a document at the kiosk: no check-in, the desk is told',
  ),
  'agreements.ofGuest': op(
    STAFF,
    z.strictObject({ invitationId: z.number().int() }),
    z.array(AgreementRecord),
    "A guest's signed and declined documents, newest first",
    PASSIVE,
  ),
  'agreements.copy': op(
    STAFF,
    z.strictObject({ id: z.number().int().positive() }),
    z.object({ fileName: z.string(), content: z.string() }),
    'A signed copy as PDF (base64)',
  ),
  'agreements.settings': op(
    ADMIN,
    z.strictObject({}),
    AgreementSettings.extend({
      versions: z.record(z.string(), z.number().int()),
    }),
    "The site's documents, with each one's current version",
  ),
  'agreements.setSettings': op(
    ADMIN,
    // What agreements.settings answered may come back as it is: its versions are the hub's to number, and ignored.
    AgreementSettings.extend({ versions: z.record(z.string().max(40), z.number().int()).optional() }),
    AgreementSettings.extend({ versions: z.record(z.string(), z.number().int()) }),
    'The documents guests sign, and how long signed copies are kept (an edited text is a new version)',
  ),
} as const;
