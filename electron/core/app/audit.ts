/**
 * The audit log's one writer for staff actions: which operations are
 * audited, what each entry says of them, and running the action with its
 * entry.
 *
 * Why here, around the handler, and not in each use case: every door goes
 * through core.call, and the policy (AUDIT_POLICY here with each domain's
 * own, joined in domains.ts) names every operation of the contract (an
 * operation without a decision does not compile), so no action can be
 * added without deciding here whether it is audited, and a use case needs no session to know who acts. A
 * synchronous handler runs inside one mirror transaction with its entry:
 * the use cases' own transactions nest in it (savepoints), so the action and
 * its entry are committed together, and an action that throws leaves no
 * entry. An asynchronous handler (a push reads and checks a file first; a
 * PIN is hashed; a new connection is tested against the service) cannot hold
 * a transaction over an await: its entry is written right after it
 * succeeded. Settings live in the configuration file and pairings in the
 * hub's store, not in the mirror: their entry follows their write.
 *
 * A kiosk session's calls are not audited: they are a guest checking
 * themselves in, not a staff action, and the service records their arrival.
 */
import type { OperationName, OperationOutput } from '../../../shared/contract/operations.ts';
import { iso } from '../../../shared/time.ts';
import { deviceName } from '../access/device.ts';
import type { NewAuditRow } from '../db/repos/audit-log.ts';
import { personName } from '../../../shared/domain/person-name.ts';
import type { HandlerContext, ParsedInput } from './handler.ts';
import { invitationIdOf } from '../../../shared/domain/guest-key.ts';

interface Entry {
  action: string;
  /** A number is a guest's invitation id, written with their name. */
  subject?: string | number | undefined;
  detail?: string | undefined;
}

interface Audited<K extends OperationName> {
  entry: (input: ParsedInput<K>, output: OperationOutput<K>) => Entry;
  /** Written whatever the role the call starts with (it raises the session: the entry names the role it ends with). */
  fromKiosk?: boolean;
}

const settings = (which: string) => ({ entry: () => ({ action: 'settings', subject: which }) });

/**
 * Why an operation writes no entry of its own. Every operation is either
 * audited (its entry) or names one of these: the policy lists them all,
 * so an operation added to the contract without a decision does not compile.
 */
export const NOT_AUDITED = {
  reads: 'it changes nothing (reads, looks up, exports what the log already says, tests a connection)',
  guest:
    "a guest's own step at a kiosk (a check-in, a signature, a photo, a walk-in request): the service, or the row it writes, records it",
  routine: 'routine work with nothing a person decides (sync now, a test page)',
  session: "the session's own lock",
} as const;

export type NotAudited = keyof typeof NOT_AUDITED;

const reads = 'reads' satisfies NotAudited;
const guest = 'guest' satisfies NotAudited;

/** Operations and their entry (an action's name is what the console's filter offers), or why they write none. */
export type AuditPolicy<N extends OperationName> = { [K in N]: Audited<K> | NotAudited };

/**
 * The policy of the operations whose domain has no folder of its own yet; a
 * domain with its folder declares its own beside its handlers (roll-call/,
 * evacuation-marks/, guests/, walk-ins/, kiosk/: handlers.ts), and
 * domains.ts joins them into one policy that must name every operation of the
 * contract.
 */
export const AUDIT_POLICY = {
  'session.get': reads,
  'session.lock': 'session',
  'sync.status': reads,
  'sync.now': 'routine',
  'sync.history': reads,
  'sync.mirror': reads,
  'conflicts.list': reads,
  'employees.search': reads,
  'employees.browse': reads,
  'groups.list': reads,
  'imports.issuesCsv': reads,
  'imports.preview': reads,
  'pushes.check': reads,
  'outbox.list': reads,
  'outbox.items': reads,
  'outbox.exportCsv': reads,
  'settings.get': reads,
  'settings.testConnection': reads,
  'site.get': reads,
  'hub.status': reads,
  'audit.list': reads,
  'audit.exportCsv': reads,
  'arrivals.list': reads,
  'printing.status': reads,
  'printing.badge': reads,
  'printing.settings': reads,
  'printing.testPrint': 'routine',
  'watchlist.status': reads,
  'watchlist.alerts': reads,
  'agreements.forGuest': reads,
  'agreements.forWalkIn': reads,
  'agreements.sign': guest,
  'agreements.decline': guest,
  'agreements.ofGuest': reads,
  'agreements.settings': reads,
  'photos.settings': reads,
  'photos.take': guest,
  'photos.ofGuest': reads,
  'photos.taken': reads,
  'photos.siteSettings': reads,
  'staff.list': reads,
  'forget.find': reads,
  'pushes.queue': {
    entry: (input, out) => ({
      action: 'push',
      subject: input.fileName,
      detail: `${input.kind}: ${out.items} items, batch ${out.batchId}`,
    }),
  },
  // Personal data of every visitor leaves the machine: who took it is worth knowing.
  'visits.export': {
    entry: ({ firstDay, lastDay, format }, out) => ({
      action: 'visitor-log-export',
      subject: firstDay === lastDay ? firstDay : `${firstDay} to ${lastDay}`,
      detail: `${out.rows} visits as ${format.toUpperCase()}`,
    }),
  },
  'outbox.retry': { entry: ({ id }) => ({ action: 'retry', subject: `outbox ${id}` }) },
  'outbox.retryAll': { entry: () => ({ action: 'retry', subject: 'every failed item' }) },
  'conflicts.retry': {
    entry: ({ id }, out) => ({ action: 'retry', subject: out.invitationId, detail: `conflict ${id}` }),
  },
  'conflicts.dismiss': { entry: ({ id }) => ({ action: 'dismiss-conflict', subject: `conflict ${id}` }) },
  'settings.setKiosk': settings('kiosk'),
  'settings.setConnection': settings('connection'),
  // The PIN itself is never written: only whose PIN changed.
  'settings.setPin': { entry: ({ role }) => ({ action: 'settings', subject: `${role} PIN` }) },
  // A browser at the machine is a kiosk until the first admin PIN makes it admin: its entry says who set it, and where.
  // Who raised a screen to the desk or admin role, and where (a wrong PIN changes nothing: the PIN guard counts it).
  'session.unlock': { entry: (_, out) => ({ action: 'unlock', subject: `${out.role} role` }), fromKiosk: true },
  'session.setFirstAdminPin': { entry: () => ({ action: 'settings', subject: 'first admin PIN' }), fromKiosk: true },
  'settings.setFlow': settings('check-in flow'),
  'settings.setSync': settings('sync and retention'),
  'site.setAccess': settings('staff idle time and host names'),
  'site.setHub': settings('hub mode'),
  // The key itself is never written.
  'site.setSiteKey': {
    entry: ({ key }) => ({ action: 'settings', subject: 'site key', detail: key ? 'set' : 'generated' }),
  },
  // Who printed a guest's badge again: a second badge is a second key to the building.
  'printing.reprint': {
    entry: ({ invitationId }, out) => ({
      action: 'badge-reprint',
      subject: invitationId,
      detail: `print ${out.printedBefore + 1} on ${out.job.printer}`,
    }),
  },
  'printing.retry': {
    entry: (_, out) => ({
      action: 'badge-reprint',
      subject: out.invitationId ?? `print job ${out.id}`,
      detail: 'print again',
    }),
  },
  'printing.setSettings': settings('printers'),
  'agreements.setSettings': settings('agreements'),
  'photos.setSettings': settings('photos'),
  // A signed copy holds a guest's signature: who opened it is worth knowing.
  'agreements.copy': { entry: ({ id }) => ({ action: 'agreement-copy', subject: `signed copy ${id}` }) },
  'hub.pair': { entry: (_, out) => ({ action: 'pair', subject: out.name }) },
  'hub.revoke': { entry: (_, out) => ({ action: 'revoke', subject: out.name }) },
  // An alert itself is written where it is raised (watchlist/screen.ts); its decision here.
  'watchlist.decide': {
    entry: (_, out) => ({
      action: 'watchlist-decision',
      subject: `${WATCHLIST_DECISION_WORDS[out.decision!]} ${out.name} (alert ${out.id})`,
      detail: `entry "${out.entryName}" (${out.action})`,
    }),
  },
  'watchlist.setSettings': {
    entry: ({ threshold }) => ({ action: 'settings', subject: 'watchlist threshold', detail: String(threshold) }),
  },
  // Who may unlock changed: the person's name, never their PIN or card code.
  'staff.add': { entry: (_, out) => ({ action: 'staff-add', subject: out.name, detail: out.role }) },
  // Who took a visitor's data, and who erased them: the entry of an erasure names only the pseudonym.
  'forget.export': {
    entry: ({ format }, out) => ({
      action: 'visitor-export',
      subject: out.person,
      detail: `${out.items} items as ${format.toUpperCase()}`,
    }),
  },
  'forget.erase': {
    entry: (_, out) => ({
      action: 'visitor-forget',
      subject: out.done ? (out.pseudonym ?? 'a visitor') : 'nobody yet: queued changes to confirm',
      detail: out.service
        ? `service still holds invitations ${out.service.invitationIds.join(', ') || 'none'}; walk-in events ${out.service.walkInEventSourceIds.join(', ') || 'none'}`
        : undefined,
    }),
  },
  'staff.remove': {
    entry: (_, out) => ({
      action: 'staff-remove',
      subject: out.name,
      detail: `${out.sessionsEnded} session(s) locked`,
    }),
  },
} satisfies Partial<AuditPolicy<OperationName>>;

/** A desk's decision on a watchlist alert, as the audit log says it. */
const WATCHLIST_DECISION_WORDS = {
  letIn: 'let in',
  turnAway: 'turned away',
  notThisPerson: 'not this person:',
} as const;

/**
 * A guest as an auditor reads them: the name as the mirror has it now, with
 * the invitation id that stays true when a name is changed or removed.
 */
function guestSubject(ctx: HandlerContext, invitationId: number): string {
  const invitation = invitationIdOf(invitationId);
  const guest =
    invitation === undefined ? undefined : ctx.runtime.mirror.guests.byId(invitation, ctx.runtime.config.flow);
  const name = guest ? personName(guest) : '';
  return name ? `${name} (invitation ${invitationId})` : `invitation ${invitationId}`;
}

/** An entry as this session's action: the policy's, or one written by a domain itself (a watchlist alert). */
export function auditRowOf(ctx: HandlerContext, entry: Entry): NewAuditRow {
  const { subject } = entry;
  return {
    at: iso(ctx.now()),
    action: entry.action,
    role: ctx.session.role,
    device: deviceName(ctx),
    subject: subject === undefined ? null : typeof subject === 'number' ? guestSubject(ctx, subject) : subject,
    detail: entry.detail ?? null,
    // The person who unlocked the session with their own PIN or card (unlock: the one it ends with).
    person: ctx.session.staff?.name ?? null,
  };
}

/** Runs a handler; an audited staff action runs with its entry (see above). */
export async function runAudited<K extends OperationName>(
  policies: AuditPolicy<OperationName>,
  name: K,
  input: ParsedInput<K>,
  ctx: HandlerContext,
  run: () => OperationOutput<K> | Promise<OperationOutput<K>>,
): Promise<OperationOutput<K>> {
  const policy = policies[name] as Audited<K> | NotAudited;
  if (typeof policy === 'string') return run();
  const audited = policy;
  if (ctx.session.role === 'kiosk' && !audited.fromKiosk) return run();
  const write = (output: OperationOutput<K>) =>
    ctx.runtime.mirror.auditLog.add(auditRowOf(ctx, audited.entry(input, output)));
  let pending: Promise<OperationOutput<K>> | undefined;
  const output = ctx.runtime.mirror.transaction(() => {
    const result = run();
    // Better-sqlite3 refuses a promise from a transaction: what ran up to the handler's first await is committed.
    if (result instanceof Promise) {
      pending = result;
      return undefined;
    }
    write(result);
    return result;
  });
  if (!pending) return output!;
  const settled = await pending;
  try {
    write(settled);
  } catch (error) {
    // The action is done: answering it failed would have the person do it again. The log keeps what is missing.
    ctx.log?.(`audit: the entry of ${name} (done) was not written: ${String(error)}`);
  }
  return settled;
}
