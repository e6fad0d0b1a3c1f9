/**
 * The app contract: every operation the user interface can ask of the core,
 * with its input and output schemas and the roles allowed to call it. The
 * core implements each operation once; Electron IPC, the browser host (HTTP)
 * and the CLI all go through it, and each door checks the role.
 *
 * Each domain declares its operations in its own file, named after the
 * operations' prefix (`kiosk.*` in kiosk.ts; the roll call and its marks kept
 * the prefix `evacuation`: roll-call.ts, evacuation-marks.ts), and its
 * handlers live in its folder (electron/core/<domain>/handlers.ts) or in
 * electron/core/app/handlers/ under the same name. A new domain is one import
 * and one spread line here (and the same in electron/core/domains.ts).
 */
import type { z } from 'zod';
import { agreementsOperations } from './agreements.ts';
import { arrivalsOperations } from './arrivals.ts';
import { auditOperations } from './audit.ts';
import { conflictsOperations } from './conflicts.ts';
import { employeesOperations } from './employees.ts';
import { groupsOperations } from './groups.ts';
import { guestsOperations } from './guests.ts';
import { hubOperations } from './hub.ts';
import { importsOperations } from './imports.ts';
import { kioskOperations } from './kiosk.ts';
import type { Role } from './op.ts';
import { outboxOperations } from './outbox.ts';
import { photosOperations } from './photos.ts';
import { printingOperations } from './printing.ts';
import { pushesOperations } from './pushes.ts';
import { sessionOperations } from './session.ts';
import { staffOperations } from './staff.ts';
import { forgetOperations } from './forget.ts';
import { settingsOperations } from './settings.ts';
import { siteOperations } from './site.ts';
import { syncOperations } from './sync.ts';
import { visitsOperations } from './visits.ts';
import { walkInsOperations } from './walk-ins.ts';
import { rollCallOperations } from './roll-call.ts';
import { evacuationMarksOperations } from './evacuation-marks.ts';
import { watchlistOperations } from './watchlist.ts';

export const operations = {
  ...sessionOperations,
  ...syncOperations,
  ...kioskOperations,
  ...guestsOperations,
  ...conflictsOperations,
  ...employeesOperations,
  ...groupsOperations,
  ...importsOperations,
  ...pushesOperations,
  ...outboxOperations,
  ...settingsOperations,
  ...siteOperations,
  ...hubOperations,
  ...walkInsOperations,
  ...rollCallOperations,
  ...evacuationMarksOperations,
  ...auditOperations,
  ...visitsOperations,
  ...arrivalsOperations,
  ...printingOperations,
  ...watchlistOperations,
  ...agreementsOperations,
  ...photosOperations,
  ...staffOperations,
  ...forgetOperations,
} as const;

export type OperationName = keyof typeof operations;
export type OperationInput<K extends OperationName> = z.input<(typeof operations)[K]['input']>;
export type OperationOutput<K extends OperationName> = z.output<(typeof operations)[K]['output']>;
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

export function allowed(role: Role, name: OperationName): boolean {
  return (operations[name].roles as readonly Role[]).includes(role);
}

/** The operations the screens call by themselves (marked PASSIVE in their domain's file): never a staff action. */
export const PASSIVE_OPERATIONS: ReadonlySet<OperationName> = new Set(
  OPERATION_NAMES.filter((name) => operations[name].passive),
);

// What other modules import from here: each name lives in its domain's file (import it from there).
export { ROLES, type Role } from './op.ts';
export * from './errors.ts';
export type { AppEvent } from './events.ts';
export {
  Guest,
  DeskGuest,
  EvacuationGuest,
  BulkCheckOut,
  MAX_BULK_CHECK_OUT,
  GUEST_SORTS,
  GuestViewInput,
  GuestDetail,
  PassCode,
} from './guests.ts';
export { KioskGuest, KioskCheckIn, KioskArrival, HAN, LookupText } from './kiosk.ts';
export { ResourceStatus, SyncStatus } from './sync.ts';
export { OutboxItem } from './outbox.ts';
export { Conflict } from './conflicts.ts';
export { ImportIssue, PUSH_KINDS, FileUpload, ImportPreview } from './imports.ts';
export { Employee } from './employees.ts';
export {
  KIOSK_BADGE_LAYOUTS,
  MAX_LOGO_BYTES,
  captureGroups,
  KioskSettings,
  DEFAULT_KIOSK_SETTINGS,
  KioskSettingsPatch,
  applyKioskPatch,
  KioskSettingsConfig,
  SyncIntervals,
  SettingsView,
  ConnectionInput,
  ConnectionTest,
} from './settings.ts';
export { DEVICE_ROLES, type DeviceRole, Device, HubStatus, PAIRING_CODE, HubPairInput } from './hub.ts';
