/**
 * A visitor's data on request and their erasure (GDPR Art. 15 and 17) on
 * this site: find the person, export what the site holds about them (JSON
 * and a readable PDF), forget them. See electron/core/forget/.
 */
import { z } from 'zod';
import { ADMIN, op } from './op.ts';

const ids = z.array(z.number().int()).max(10_000);

/** The rows a person was found by: the core widens them to every row of the same email. */
export const PersonSelection = z.strictObject({
  invitationIds: ids.default([]),
  checkInIds: ids.default([]),
  walkInIds: ids.default([]),
});
export type PersonSelection = z.output<typeof PersonSelection>;

export const FoundPerson = z.object({
  name: z.string(),
  email: z.string().nullable(),
  companies: z.array(z.string()),
  invitationIds: z.array(z.number().int()),
  checkInIds: z.array(z.number().int()),
  walkInIds: z.array(z.number().int()),
});
export type FoundPerson = z.infer<typeof FoundPerson>;

export const ForgetResult = z.object({
  /** False when the person's changes still wait for the service and the erasure was not confirmed (`queued`). */
  done: z.boolean(),
  /** Their changes not yet delivered to the service, in words. */
  queued: z.array(z.string()),
  pseudonym: z.string().nullable(),
  /** Rows (or files) erased, by what held them. */
  erased: z.record(z.string(), z.number().int()),
  /** What the service still holds (its interface has no delete): the ids to give the service's operator. */
  service: z
    .object({
      invitationIds: z.array(z.number().int()),
      checkInIds: z.array(z.number().int()),
      walkInEventSourceIds: z.array(z.string()),
    })
    .nullable(),
  /** Files of the data directory that still hold the name or the email (none, when all went well). */
  stillFound: z.array(z.string()),
  /** Text files of the data directory (logs, exports kept there) whose mentions were replaced by the pseudonym. */
  rewrittenFiles: z.array(z.string()),
});
export type ForgetResult = z.infer<typeof ForgetResult>;

export const forgetOperations = {
  'forget.find': op(
    ADMIN,
    z.strictObject({ text: z.string().trim().min(2).max(200) }),
    z.object({ people: z.array(FoundPerson) }),
    'Find a person by name (any script or spelling) or email, among everything this site holds',
  ),
  'forget.export': op(
    ADMIN,
    z.strictObject({ person: PersonSelection, format: z.enum(['json', 'pdf']).default('json') }),
    z.object({
      person: z.string(),
      fileName: z.string(),
      contentType: z.string(),
      base64: z.string(),
      items: z.number().int(),
    }),
    'Everything this site holds about one person, as JSON or a readable PDF',
  ),
  'forget.erase': op(
    ADMIN,
    z.strictObject({ person: PersonSelection, confirmQueued: z.boolean().default(false) }),
    ForgetResult,
    'Erase a person from this site; the audit log keeps its entries with a pseudonym',
  ),
} as const;
