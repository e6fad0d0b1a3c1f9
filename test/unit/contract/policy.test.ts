/**
 * The contract's policies, operation by operation and event by event: each
 * operation is audited (its entry, written by the core for every door) or
 * says why not (app/audit.ts, and each domain's own beside its handlers, joined in domains.ts), and each event names the roles
 * that hear it (EVENT_ROLES, applied by the core to every session's stream).
 * Adding an operation without an audit decision does not compile; adding
 * one, or changing a decision, changes this list, read here in review.
 */
import { describe, expect, it } from 'vitest';
import { type AuditPolicy, NOT_AUDITED } from '../../../electron/core/app/audit.ts';
import { auditPolicy as AUDIT_POLICY } from '../../../electron/core/domains.ts';
import { EVENT_ROLES } from '../../../shared/contract/events.ts';
import { OPERATION_NAMES, type OperationName } from '../../../shared/contract/operations.ts';

const decision = (policy: AuditPolicy<OperationName>[OperationName]) =>
  typeof policy === 'string' ? `not audited: ${policy}` : policy.fromKiosk ? 'audited, from a kiosk too' : 'audited';

describe('the audit policy', () => {
  it('decides for every operation, and for nothing else', () => {
    expect(Object.keys(AUDIT_POLICY).toSorted()).toEqual(OPERATION_NAMES.toSorted());
    for (const policy of Object.values(AUDIT_POLICY))
      if (typeof policy === 'string') expect(Object.keys(NOT_AUDITED)).toContain(policy);
  });

  it('lists each operation with its decision', () => {
    expect(Object.fromEntries(OPERATION_NAMES.map((name) => [name, decision(AUDIT_POLICY[name])]))).toEqual({
      'session.get': 'not audited: reads',
      'session.unlock': 'audited, from a kiosk too',
      'session.setFirstAdminPin': 'audited, from a kiosk too',
      'session.lock': 'not audited: session',
      'sync.status': 'not audited: reads',
      'sync.now': 'not audited: routine',
      'sync.history': 'not audited: reads',
      'sync.mirror': 'not audited: reads',
      'kiosk.settings': 'not audited: reads',
      'kiosk.lookup': 'not audited: reads',
      'kiosk.byCode': 'not audited: reads',
      'kiosk.checkIn': 'not audited: guest',
      'kiosk.arrival': 'not audited: reads',
      'kiosk.checkOut': 'not audited: guest',
      'kiosk.undoCheckOut': 'not audited: guest',
      'kiosk.party': 'not audited: reads',
      'kiosk.miss': 'not audited: reads',
      'guests.list': 'not audited: reads',
      'guests.window': 'not audited: reads',
      'guests.changes': 'not audited: reads',
      'guests.overview': 'not audited: reads',
      'guests.passCode': 'not audited: reads',
      'guests.get': 'not audited: reads',
      'guests.revealPin': 'audited',
      'guests.transition': 'audited',
      'guests.evacuationList': 'not audited: reads',
      'guests.endedVisits': 'not audited: reads',
      'guests.checkOutMany': 'audited',
      'guests.undoCheckOutMany': 'audited',
      'conflicts.list': 'not audited: reads',
      'conflicts.retry': 'audited',
      'conflicts.dismiss': 'audited',
      'employees.search': 'not audited: reads',
      'employees.browse': 'not audited: reads',
      'groups.list': 'not audited: reads',
      'imports.issuesCsv': 'not audited: reads',
      'imports.preview': 'not audited: reads',
      'pushes.check': 'not audited: reads',
      'pushes.queue': 'audited',
      'outbox.list': 'not audited: reads',
      'outbox.items': 'not audited: reads',
      'outbox.retry': 'audited',
      'outbox.retryAll': 'audited',
      'outbox.exportCsv': 'not audited: reads',
      'settings.get': 'not audited: reads',
      'settings.setKiosk': 'audited',
      'settings.testConnection': 'not audited: reads',
      'settings.setConnection': 'audited',
      'settings.setPin': 'audited',
      'settings.setFlow': 'audited',
      'settings.setSync': 'audited',
      'site.get': 'not audited: reads',
      'site.setAccess': 'audited',
      'site.setHub': 'audited',
      'site.setSiteKey': 'audited',
      'hub.status': 'not audited: reads',
      'hub.pair': 'audited',
      'hub.revoke': 'audited',
      'walkIns.settings': 'not audited: reads',
      'walkIns.siteSettings': 'not audited: reads',
      'walkIns.setSettings': 'audited',
      'walkIns.hosts': 'not audited: reads',
      'walkIns.request': 'not audited: guest',
      'walkIns.status': 'not audited: reads',
      'walkIns.pending': 'not audited: reads',
      'walkIns.get': 'not audited: reads',
      'walkIns.approve': 'audited',
      'walkIns.decline': 'audited',
      'walkIns.add': 'audited',
      'walkIns.checkInAgain': 'audited',
      'evacuation.state': 'not audited: reads',
      'evacuation.start': 'audited',
      'evacuation.get': 'not audited: reads',
      'evacuation.tick': 'audited',
      'evacuation.end': 'audited',
      'evacuation.report': 'not audited: reads',
      'evacuation.setAssemblyPoint': 'audited',
      'audit.list': 'not audited: reads',
      'audit.exportCsv': 'not audited: reads',
      'visits.export': 'audited',
      'arrivals.list': 'not audited: reads',
      'printing.status': 'not audited: reads',
      'printing.badge': 'not audited: reads',
      'printing.reprint': 'audited',
      'printing.retry': 'audited',
      'printing.settings': 'not audited: reads',
      'printing.setSettings': 'audited',
      'printing.testPrint': 'not audited: routine',
      'watchlist.status': 'not audited: reads',
      'watchlist.setSettings': 'audited',
      'watchlist.alerts': 'not audited: reads',
      'watchlist.decide': 'audited',
      'agreements.forGuest': 'not audited: reads',
      'agreements.forWalkIn': 'not audited: reads',
      'agreements.sign': 'not audited: guest',
      'agreements.decline': 'not audited: guest',
      'agreements.ofGuest': 'not audited: reads',
      'agreements.copy': 'audited',
      'agreements.settings': 'not audited: reads',
      'agreements.setSettings': 'audited',
      'photos.settings': 'not audited: reads',
      'photos.take': 'not audited: guest',
      'photos.ofGuest': 'not audited: reads',
      'photos.taken': 'not audited: reads',
      'photos.siteSettings': 'not audited: reads',
      'photos.setSettings': 'audited',
      'staff.list': 'not audited: reads',
      'staff.add': 'audited',
      'staff.remove': 'audited',
      'forget.find': 'not audited: reads',
      'forget.export': 'audited',
      'forget.erase': 'audited',
    });
  });

  it('does not compile without a decision for an operation', () => {
    const { 'sync.now': _decided, ...rest } = AUDIT_POLICY;
    // @ts-expect-error sync.now has no decision
    const incomplete: AuditPolicy<OperationName> = rest;
    expect(Object.keys(incomplete)).not.toContain('sync.now');
  });
});

describe('the events', () => {
  it('each names the roles that hear it', () => {
    expect(EVENT_ROLES).toEqual({
      'sync-status': ['kiosk', 'desk', 'admin'],
      'mirror-changed': ['kiosk', 'desk', 'admin'],
      'guests-changed': ['kiosk', 'desk', 'admin'],
      role: ['kiosk', 'desk', 'admin'],
      'import-progress': ['admin'],
      'devices-changed': ['desk', 'admin'],
      'walk-ins-changed': ['desk', 'admin'],
      'printing-changed': ['desk', 'admin'],
      'staff-changed': ['admin'],
      'evacuation-changed': ['kiosk', 'desk', 'admin'],
      'watchlist-changed': ['desk', 'admin'],
      'agreements-changed': ['desk', 'admin'],
    });
  });
});
