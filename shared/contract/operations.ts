/**
 * The app contract: every operation the user interface can ask of the core,
 * with its input and output schemas and the roles allowed to call it. The
 * core implements each operation once; Electron IPC, the browser host (HTTP)
 * and the CLI all go through it, and each door checks the role.
 */
import { z } from 'zod';
import { GUEST_CATEGORIES } from '../domain/flow.ts';

export const ROLES = ['kiosk', 'desk', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const ALL: readonly Role[] = ['kiosk', 'desk', 'admin'];
const STAFF: readonly Role[] = ['desk', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

const id = z.number().int().positive();

export const Guest = z.object({
  invitationId: z.number().int(),
  state: z.string(),
  category: z.enum(GUEST_CATEGORIES),
  pending: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  companyName: z.string().nullable(),
  language: z.string().nullable(),
  eventId: z.number().int().nullable(),
  eventName: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  locationId: z.number().int(),
  hostId: z.number().int().nullable(),
  arrivedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
});
export type Guest = z.infer<typeof Guest>;

/** What a kiosk may see of a guest: enough to recognise oneself, nothing more. */
export const KioskGuest = Guest.pick({
  invitationId: true,
  state: true,
  category: true,
  pending: true,
  firstName: true,
  lastName: true,
  companyName: true,
  language: true,
  eventName: true,
  startsAt: true,
  endsAt: true,
});
export type KioskGuest = z.infer<typeof KioskGuest>;

export const GuestDetail = Guest.extend({
  host: z
    .object({
      id: z.number().int(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  birthdate: z.string().nullable(),
  pin: z.string().nullable(),
  trustedId: z.record(z.string(), z.unknown()).nullable(),
  legitimation: z.record(z.string(), z.unknown()).nullable(),
});
export type GuestDetail = z.infer<typeof GuestDetail>;

export const ResourceStatus = z.object({
  running: z.boolean(),
  lastSuccessAt: z.string().nullable(),
  lastFullAt: z.string().nullable(),
  lastError: z.object({ kind: z.string(), message: z.string(), at: z.string() }).nullable(),
  progress: z.object({ pagesDone: z.number(), pagesTotal: z.number() }).nullable(),
  /** Skipped records, incomplete listings, changes held until confirmed (empty for the kiosk role). */
  warnings: z.array(
    z.object({ kind: z.enum(['skipped', 'incomplete', 'held']), message: z.string(), at: z.string() }),
  ),
});

export const SyncStatus = z.object({
  online: z.boolean().nullable(),
  lastOnlineAt: z.string().nullable(),
  tokenRejected: z.boolean(),
  resources: z.record(z.string(), ResourceStatus),
  outbox: z.object({
    pending: z.number(),
    failed: z.number(),
    delivered: z.number(),
    conflicts: z.number(),
    delivering: z.boolean(),
  }),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

export const OutboxItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  label: z.string(),
  state: z.enum(['pending', 'sending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  batchId: z.number().int().nullable(),
  results: z.record(z.string(), z.number()).nullable(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

export const ImportIssue = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});

export const PUSH_KINDS = ['identities', 'profiles', 'events'] as const;
export const FileUpload = z.object({
  kind: z.enum(PUSH_KINDS),
  /** Access profile group, for profiles. */
  group: z.string().min(1).max(200).optional(),
  fileName: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[^/\\]+$/, 'a file name, without folders'),
  /** The file's bytes, base64; at most 20 MiB. */
  contentBase64: z.string().max(28 * 1024 * 1024),
});
export type FileUpload = z.infer<typeof FileUpload>;

export const ImportPreview = z.object({
  file: z.string(),
  format: z.enum(['csv', 'xlsx', 'json']),
  rows: z.number().int(),
  validItems: z.number().int(),
  invalidRows: z.number().int(),
  issues: z.array(ImportIssue),
  /** For profiles: what the upload would change. */
  profileDiff: z
    .object({
      firstUpload: z.boolean(),
      added: z.array(z.string()),
      removed: z.array(z.string()),
      renamed: z.array(z.object({ sourceId: z.string(), from: z.string(), to: z.string() })),
      changed: z.array(z.string()),
      unchanged: z.number().int(),
      needsConfirmation: z.boolean(),
    })
    .nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const Conflict = z.object({
  id: z.number().int(),
  outboxId: z.number().int(),
  checkInId: z.number().int().nullable(),
  message: z.string(),
  createdAt: z.string(),
  label: z.string(),
});

export const KioskSettings = z.object({
  /** Language shown before a guest picks one. */
  defaultLanguage: z.string().min(2).max(8),
  welcomeTitle: z.string().max(120),
  /** Seconds of inactivity before the kiosk returns to its start screen. */
  idleSeconds: z.number().int().min(10).max(600),
  allowCheckOut: z.boolean(),
});
export type KioskSettings = z.infer<typeof KioskSettings>;

export const SettingsView = z.object({
  baseUrl: z.string().nullable(),
  embedded: z.boolean(),
  tokenSet: z.boolean(),
  companyId: z.number().int(),
  locationId: z.number().int(),
  windowDaysBack: z.number(),
  windowDaysAhead: z.number(),
  retentionDays: z.number().int(),
});

const op = <I extends z.ZodType, O extends z.ZodType>(
  roles: readonly Role[],
  input: I,
  output: O,
  summary: string,
) => ({
  roles,
  input,
  output,
  summary,
});

export const operations = {
  // --- everyone, the kiosk included
  'session.get': op(
    ALL,
    z.object({}).strict(),
    z.object({ role: z.enum(ROLES), pinsSet: z.boolean() }),
    'The role of this session',
  ),
  'session.unlock': op(
    ALL,
    z.object({ pin: z.string().min(4).max(64) }).strict(),
    z.object({ role: z.enum(ROLES) }),
    'Unlock the desk or admin role with its PIN (browser host and desk window)',
  ),
  'session.lock': op(
    ALL,
    z.object({}).strict(),
    z.object({ role: z.enum(ROLES) }),
    'Back to the role this door started with',
  ),
  'sync.status': op(ALL, z.object({}).strict(), SyncStatus, 'The sync status'),
  'kiosk.settings': op(ALL, z.object({}).strict(), KioskSettings, 'Kiosk settings'),
  'kiosk.lookup': op(
    ALL,
    z.object({ text: z.string().trim().min(2).max(100) }).strict(),
    z.array(KioskGuest),
    "Today's guests whose name starts with the text",
  ),
  'kiosk.byCode': op(
    ALL,
    z.object({ code: z.string().trim().min(1).max(200) }).strict(),
    KioskGuest.nullable(),
    'The guest of a scanned invitation code',
  ),
  'kiosk.checkIn': op(ALL, z.object({ invitationId: id }).strict(), KioskGuest, 'A guest checks in at the kiosk'),
  'kiosk.checkOut': op(ALL, z.object({ invitationId: id }).strict(), KioskGuest, 'A guest checks out at the kiosk'),
  // --- the desk
  'guests.list': op(
    STAFF,
    z.object({ category: z.enum(GUEST_CATEGORIES).optional() }).strict(),
    z.array(Guest),
    'Guests of the location in the window',
  ),
  'guests.search': op(
    STAFF,
    z.object({ text: z.string().trim().min(1).max(100) }).strict(),
    z.array(Guest),
    'Find guests',
  ),
  'guests.get': op(STAFF, z.object({ invitationId: id }).strict(), GuestDetail.nullable(), 'One guest with details'),
  'guests.transition': op(
    STAFF,
    z.object({ invitationId: id, action: z.enum(['checkIn', 'checkOut', 'undo']) }).strict(),
    Guest,
    'Check a guest in or out, or undo a check-in',
  ),
  'guests.evacuationList': op(
    STAFF,
    z.object({}).strict(),
    z.object({
      generatedAt: z.string(),
      lastSyncAt: z.string().nullable(),
      /** The name comes from the access profile groups of the location, when they name it. */
      location: z.object({ id: z.number().int(), name: z.string().nullable() }),
      guests: z.array(Guest),
    }),
    'Everyone on site, for an evacuation',
  ),
  'conflicts.list': op(STAFF, z.object({}).strict(), z.array(Conflict), 'Transitions the service refused'),
  'conflicts.dismiss': op(
    STAFF,
    z.object({ id }).strict(),
    z.object({ ok: z.literal(true) }),
    'Mark a conflict as seen',
  ),
  'sync.now': op(STAFF, z.object({ full: z.boolean().optional() }).strict(), SyncStatus, 'Sync now'),
  'employees.search': op(
    STAFF,
    z.object({ text: z.string().trim().max(100) }).strict(),
    z.array(
      z.object({
        id: z.number().int(),
        email: z.string().nullable(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
      }),
    ),
    'Find employees (hosts)',
  ),
  // --- the admin
  'groups.list': op(
    ADMIN,
    z.object({}).strict(),
    z.array(
      z.object({
        sourceId: z.string(),
        name: z.string().nullable(),
        locationId: z.number().nullable(),
        locationName: z.string().nullable(),
      }),
    ),
    'Access profile groups mapped to this integration',
  ),
  'imports.preview': op(ADMIN, FileUpload, ImportPreview, 'Validate a file, row by row, without queueing'),
  'pushes.queue': op(
    ADMIN,
    FileUpload.extend({ allowPartial: z.boolean().default(false), confirmed: z.boolean().default(false) }),
    z.object({ batchId: z.number().int(), items: z.number().int(), outboxItems: z.number().int() }),
    'Validate a file and queue its valid items for the service',
  ),
  'outbox.list': op(
    ADMIN,
    z.object({ limit: z.number().int().min(1).max(500).default(100) }).strict(),
    z.array(OutboxItem),
    'The outbox',
  ),
  'outbox.retry': op(ADMIN, z.object({ id }).strict(), OutboxItem, 'Queue a failed item again'),
  'outbox.exportCsv': op(
    ADMIN,
    z.object({ id }).strict(),
    z.object({ fileName: z.string(), csv: z.string() }),
    'Per-item results as CSV',
  ),
  'settings.get': op(ADMIN, z.object({}).strict(), SettingsView, 'Connection settings (never the token)'),
  'settings.setKiosk': op(ADMIN, KioskSettings.partial().strict(), KioskSettings, 'Change the kiosk settings'),
} as const;

export type OperationName = keyof typeof operations;
export type OperationInput<K extends OperationName> = z.input<(typeof operations)[K]['input']>;
export type OperationOutput<K extends OperationName> = z.output<(typeof operations)[K]['output']>;
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];

export function allowed(role: Role, name: OperationName): boolean {
  return (operations[name].roles as readonly Role[]).includes(role);
}

/** The one error shape of the app contract. */
export const APP_ERROR_CODES = [
  'FORBIDDEN',
  'INVALID_INPUT',
  'NOT_FOUND',
  'REFUSED',
  'UNKNOWN_OPERATION',
  'INTERNAL',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];
export const AppErrorBody = z.object({
  error: z.object({
    code: z.enum(APP_ERROR_CODES),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type AppErrorBody = z.infer<typeof AppErrorBody>;

/** The one event stream. */
export type AppEvent =
  | { type: 'sync-status'; status: SyncStatus }
  | { type: 'mirror-changed'; resources: string[] }
  | { type: 'role'; role: Role };
