/**
 * The agreements operations. A kiosk reads the documents of a guest it
 * found (its ticket) or of its own walk-in request, signs or declines them
 * for that guest alone, and reads nothing else: no signed copy, no other
 * guest's answers. The desk lists a guest's answers and opens a signed copy;
 * the admin sets the documents.
 */
import type { agreementsOperations, AgreementRecord } from '../../../../shared/contract/agreements.ts';
import {
  type AgreementDeps,
  currentDocuments,
  decline,
  personKey,
  readCopy,
  sign,
  type Signer,
  toSign,
} from '../../agreements/agreements.ts';
import type { AnswerRow } from '../../db/repos/agreements.ts';
import { personName } from '../../../../shared/domain/person-name.ts';
import { updateConfig } from '../../usecases/settings.ts';
import { deviceName } from '../../access/device.ts';
import { openWalkInRequest } from '../../access/walk-in-requests.ts';
import { registerCheckInGuard } from '../check-in-guards.ts';
import { AppError } from '../../errors.ts';
import type { HandlerContext, Handlers } from '../handler.ts';
import { foundGuest } from '../../access/kiosk-guests.ts';
import '../../agreements/person-data.ts';
import { walkInRecords } from '../../db/repos/walk-in-records.ts';
import { walkInIdOf, walkInKey } from '../../../../shared/domain/guest-key.ts';

export const agreementDeps = ({ runtime, now }: HandlerContext): AgreementDeps => ({
  mirror: runtime.mirror,
  dataDir: runtime.dataDir,
  config: () => runtime.config,
  now,
});

type Person = { email: string | null; firstName: string | null; lastName: string | null; companyName: string | null };
const signerOf = (person: Person, visit: { invitationId: number | null; walkInId: number | null }): Signer => ({
  personKey: personKey(person),
  ...visit,
  name: personName(person) || 'a guest without a name',
});

/** The guest a kiosk's ticket names (a guest it found minutes ago), as a signer. */
export function guestSigner(ctx: HandlerContext, ticket: string): Signer {
  const guest = foundGuest(ctx.runtime, ctx.session.id, ticket, ctx.now());
  return signerOf(guest, { invitationId: guest.invitationId, walkInId: null });
}

// A guest checks in at a kiosk only once every document asked of them is signed (the kiosk's screens ask first;
// a call that skips them is refused here).
registerCheckInGuard('agreements', (ctx, guest) => {
  const signer = signerOf(guest, { invitationId: guest.invitationId, walkInId: null });
  const missing = toSign(agreementDeps(ctx), signer, 'invited', ctx.runtime.config.kiosk.defaultLanguage);
  if (missing.length > 0)
    throw new AppError(
      'REFUSED',
      `${missing.map((d) => d.title).join(', ')} must be signed before the check-in: please read and sign it first`,
    );
});

/** This kiosk session's own walk-in request, as a signer. */
export function walkInSigner(ctx: HandlerContext, requestTicket: string): Signer {
  const row = openWalkInRequest(ctx.runtime, ctx.session.id, requestTicket, ctx.now());
  if (!row) throw new AppError('NOT_FOUND', 'this request was not made at this kiosk in the last minutes');
  return signerOf(row, { invitationId: row.invitationId, walkInId: row.id });
}

const toRecord = (row: AnswerRow): AgreementRecord => ({
  id: row.id,
  documentId: row.documentId,
  title: row.title,
  version: row.version,
  outcome: row.outcome,
  method: row.method,
  at: row.at,
  device: row.device,
  hasCopy: row.file !== null,
});

/** The person whose answers and photo a guest key names: the invitation's, or a walk-in's not yet given back. */
export function personOfGuest(ctx: HandlerContext, invitationId: number): string | undefined {
  const { runtime } = ctx;
  const walkInId = walkInIdOf(invitationId);
  if (walkInId !== undefined) {
    const row = walkInRecords(runtime.mirror).byId(walkInId);
    return row ? personKey(row) : undefined;
  }
  const guest = runtime.mirror.guests.byId(invitationId, runtime.config.flow);
  return guest ? personKey(guest) : undefined;
}

const versions = (ctx: HandlerContext) =>
  Object.fromEntries(currentDocuments(agreementDeps(ctx)).map((d) => [d.id, d.version]));

export const agreementsHandlers: Handlers<keyof typeof agreementsOperations> = {
  'agreements.forGuest': ({ ticket, language }, ctx) =>
    toSign(agreementDeps(ctx), guestSigner(ctx, ticket), 'invited', language),
  'agreements.forWalkIn': ({ language }, ctx) => toSign(agreementDeps(ctx), null, 'walkIns', language),
  'agreements.sign': async ({ ticket, requestTicket, ...input }, ctx) => {
    const signer = ticket !== undefined ? guestSigner(ctx, ticket) : walkInSigner(ctx, requestTicket!);
    const row = await sign(agreementDeps(ctx), signer, {
      ...input,
      device: deviceName(ctx),
      audience: ticket !== undefined ? 'invited' : 'walkIns',
    });
    ctx.emit({ type: 'agreements-changed', invitationId: signer.invitationId ?? walkInKey(signer.walkInId ?? 0) });
    return { signedAt: row.at };
  },
  'agreements.decline': ({ ticket, documentId, version }, ctx) => {
    const signer = guestSigner(ctx, ticket);
    const row = decline(agreementDeps(ctx), signer, {
      documentId,
      version,
      device: deviceName(ctx),
      audience: 'invited',
    });
    ctx.emit({
      type: 'agreements-changed',
      invitationId: signer.invitationId,
      declined: { name: signer.name, title: row.title },
    });
    return { declinedAt: row.at };
  },
  'agreements.ofGuest': ({ invitationId }, ctx) => {
    const key = personOfGuest(ctx, invitationId) ?? '';
    return ctx.runtime.mirror.agreements.answersOf(invitationId, key).map(toRecord);
  },
  'agreements.copy': ({ id }, ctx) => {
    const row = ctx.runtime.mirror.agreements.answer(id);
    const bytes = row && readCopy(agreementDeps(ctx), row);
    if (!row || !bytes) throw new AppError('NOT_FOUND', 'this signed copy is no longer kept');
    const safe = `${row.documentId}-v${row.version}-${row.name}`.replace(/[^\p{L}\p{N}-]+/gu, '-').slice(0, 80);
    return { fileName: `${safe}.pdf`, content: bytes.toString('base64') };
  },
  'agreements.settings': (_, ctx) => ({ ...ctx.runtime.config.agreements, versions: versions(ctx) }),
  'agreements.setSettings': ({ versions: _versions, ...agreements }, ctx) => {
    const saved = updateConfig(ctx.runtime, (c) => ({ ...c, agreements })).agreements;
    return { ...saved, versions: versions(ctx) };
  },
};
