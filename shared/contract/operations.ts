/**
 * The app contract: every operation the user interface can ask of the core,
 * with its input and output schemas and the roles allowed to call it. The
 * core implements each operation once; Electron IPC, the browser host (HTTP)
 * and the CLI all go through it, and each door checks the role.
 */
import { z } from 'zod';
import { GUEST_LANGUAGES } from '../api/primitives.ts';
import { FlowConfig, GUEST_CATEGORIES } from '../domain/flow.ts';
import { type EvacuationEvent, evacuationOperations } from './evacuation.ts';

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
  /** Until when a check-out is held back and can be undone; null when there is nothing to undo. */
  undoUntil: z.string().nullable(),
});
export type Guest = z.infer<typeof Guest>;

/** A guest as the desk lists them: with the host's name. */
export const DeskGuest = Guest.extend({ hostName: z.string().nullable() });
export type DeskGuest = z.infer<typeof DeskGuest>;

export const GUEST_SORTS = ['time', 'name', 'company'] as const;
const instant = z.iso.datetime({ offset: true }).max(40);
/** What the desk shows: a day (or, with text, every day the mirror holds), filtered and sorted. */
export const GuestViewInput = z.strictObject({
  /** The day shown, as the desk's own clock says it: its start and end. */
  from: instant,
  to: instant,
  category: z.enum(GUEST_CATEGORIES).optional(),
  hostId: id.optional(),
  eventId: id.optional(),
  /** A search: every word a prefix of a name, email or company, across every day in the mirror. */
  text: z.string().trim().max(100).optional(),
  sort: z.enum(GUEST_SORTS).default('time'),
});
export type GuestViewInput = z.input<typeof GuestViewInput>;
const CategoryCounts = z.object({ expected: z.number(), onsite: z.number(), left: z.number(), other: z.number() });

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
}).extend({
  /**
   * What the kiosk acts with: opaque, for this kiosk session and this guest,
   * for a few minutes. The kiosk's check-in, check-out and success screen take
   * it, never a bare invitation id, so a kiosk acts only on a guest it found.
   */
  ticket: z.string(),
});
export type KioskGuest = z.infer<typeof KioskGuest>;
/** A kiosk's ticket for a guest it found (see KioskGuest.ticket). */
const KioskTicket = z.object({ ticket: z.string().min(1).max(200) }).strict();

export const GuestDetail = DeskGuest.extend({
  host: z
    .object({
      id: z.number().int(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  birthdate: z.string().nullable(),
  /** Whether the service gave a door PIN; the PIN itself only through guests.revealPin. */
  hasPin: z.boolean(),
  trustedId: z.record(z.string(), z.unknown()).nullable(),
  legitimation: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The local time of the check-in's tap at this installation (kiosk or
   * desk). arrivedAt is the service's: the time the check-in reached it,
   * later than the tap when it was made offline.
   */
  tappedAt: z.string().nullable(),
  /** Card numbers and the access window (the PIN left out). */
  accessControl: z.record(z.string(), z.unknown()).nullable(),
  /** What the service sends beyond the interface's fields: parking, licence plate, ... */
  customFields: z.record(z.string(), z.unknown()).nullable(),
});
export type GuestDetail = z.infer<typeof GuestDetail>;

export const ResourceStatus = z.object({
  running: z.boolean(),
  lastSuccessAt: z.string().nullable(),
  lastFullAt: z.string().nullable(),
  lastError: z.object({ kind: z.string(), message: z.string(), at: z.string() }).nullable(),
  progress: z.object({ pagesDone: z.number(), pagesTotal: z.number() }).nullable(),
  /** Skipped records, incomplete listings, changes held until confirmed (empty for the kiosk role). */
  warnings: z.array(z.object({ kind: z.enum(['skipped', 'incomplete', 'held']), message: z.string(), at: z.string() })),
});

export const SyncStatus = z.object({
  online: z.boolean().nullable(),
  lastOnlineAt: z.string().nullable(),
  tokenRejected: z.boolean(),
  /** The disk is full (disk_full) or cannot be written (storage): the sentence to show, until a write works again. */
  storage: z.object({ kind: z.string(), message: z.string(), at: z.string() }).nullable().optional(),
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
    .regex(/^[^/\\]+$/, 'a file name, without folders')
    .refine((name) => name !== '.' && name !== '..', 'a file name, not "." or ".."'),
  /** The file's bytes, base64; at most 20 MiB. */
  contentBase64: z.string().max(28 * 1024 * 1024),
  /** Chosen by the caller: the `import-progress` events of this check carry it. */
  uploadId: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});
export type FileUpload = z.infer<typeof FileUpload>;

export const ImportPreview = z.object({
  file: z.string(),
  format: z.enum(['csv', 'xlsx', 'json']),
  rows: z.number().int(),
  validItems: z.number().int(),
  invalidRows: z.number().int(),
  issues: z.array(ImportIssue),
  /** The file could not be read as this kind of file at all: only its issue counts, no rows. */
  unreadable: z.boolean(),
  /** What the valid rows hold, counted as people think of them (events and invitations). */
  summary: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** The first valid items, flattened into columns. */
  sample: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }),
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
  /** The transition that was refused. */
  action: z.string().nullable(),
});

export const KIOSK_BADGE_LAYOUTS = ['standard', 'compact'] as const;
/** Largest kiosk logo, decoded. */
export const MAX_LOGO_BYTES = 256 * 1024;

const logoDataUrl = z
  .string()
  .max(Math.ceil(MAX_LOGO_BYTES / 3) * 4 + 40, `the logo must be at most ${MAX_LOGO_BYTES / 1024} KB`)
  .regex(
    /^data:image\/(?:png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/,
    'the logo must be a base64 data: URL of a PNG, JPEG or SVG image (data:image/png;base64,...)',
  );

/** The number of capturing groups of a regular expression, or undefined when it does not compile. */
export function captureGroups(pattern: string): number | undefined {
  try {
    // An alternative that matches the empty string makes exec() report every group.
    return new RegExp(`${pattern}|`, 'u').exec('')!.length - 1;
  } catch {
    return undefined;
  }
}

const servicePattern = z
  .string()
  .min(1)
  .max(500)
  .refine((p) => captureGroups(p) !== undefined, 'codes.servicePattern is not a valid regular expression')
  .refine(
    (p) => captureGroups(p) === undefined || captureGroups(p) === 1,
    'codes.servicePattern needs exactly one capturing group, around the invitation id, e.g. ^https://visit\\.example\\.com/i/(\\d+)$',
  );

const timeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'timeZone must be an IANA time zone name such as Europe/Berlin');

/**
 * The kiosk settings without defaults: the shape the kiosk reads, and (all
 * parts optional, the nested objects too) the patch the admin sends.
 */
const kioskFields = {
  /** Language shown before a guest picks one. */
  defaultLanguage: z.string().min(2).max(8),
  welcomeTitle: z.string().max(120),
  /** Seconds of inactivity before the kiosk returns to its start screen. */
  idleSeconds: z.number().int().min(10).max(600),
  allowCheckOut: z.boolean(),
  /** The guest languages offered, in this order. */
  languages: z
    .array(z.enum(GUEST_LANGUAGES, { error: `languages: each must be one of ${GUEST_LANGUAGES.join(', ')}` }))
    .min(1, 'languages: offer at least one language')
    .refine((list) => new Set(list).size === list.length, 'languages: each language once'),
  /** A guest of an event on a later day is found this many minutes before it starts (e.g. at 23:00 for 00:30). */
  earlyArrivalMinutes: z.number().int().min(0).max(720),
  /** The time zone whose day is "today" at the kiosk; null: the kiosk machine's own. */
  timeZone: timeZone.nullable(),
  badge: z.strictObject({
    enabled: z.boolean(),
    /** The printer's name as the operating system knows it; '' is the system's default printer. */
    printer: z.string().max(200),
    layout: z.enum(KIOSK_BADGE_LAYOUTS),
  }),
  branding: z.strictObject({
    /** Shown only through <img>, where an SVG's scripts do not run. */
    logoDataUrl: logoDataUrl.nullable(),
    accentColor: z
      .string()
      .max(7)
      .regex(/^#[0-9a-fA-F]{6}$/, 'branding.accentColor must be a colour as #rrggbb, e.g. #1f6feb')
      .nullable(),
  }),
  codes: z.strictObject({
    /**
     * The service's own invitation QR content: a regular expression with one
     * capturing group around the invitation id; null accepts only Foyer's signed codes.
     */
    servicePattern: servicePattern.nullable(),
  }),
};

export const KioskSettings = z.strictObject(kioskFields);
export type KioskSettings = z.infer<typeof KioskSettings>;

export const DEFAULT_KIOSK_SETTINGS: KioskSettings = {
  defaultLanguage: 'EN',
  welcomeTitle: 'Welcome',
  idleSeconds: 60,
  allowCheckOut: true,
  languages: [...GUEST_LANGUAGES],
  earlyArrivalMinutes: 120,
  timeZone: null,
  badge: { enabled: false, printer: '', layout: 'standard' },
  branding: { logoDataUrl: null, accentColor: null },
  codes: { servicePattern: null },
};

/** A change of the kiosk settings: any part, nested parts too ({ badge: { enabled: true } }). */
export const KioskSettingsPatch = z.strictObject({
  ...KioskSettings.partial().shape,
  badge: kioskFields.badge.partial().optional(),
  branding: kioskFields.branding.partial().optional(),
  codes: kioskFields.codes.partial().optional(),
});
export type KioskSettingsPatch = z.infer<typeof KioskSettingsPatch>;

export function applyKioskPatch(base: KioskSettings, patch: KioskSettingsPatch): KioskSettings {
  const defined = <T extends object>(part: T) =>
    Object.fromEntries(Object.entries(part).filter(([, value]) => value !== undefined)) as Partial<T>;
  return {
    ...base,
    ...defined(patch),
    badge: { ...base.badge, ...defined(patch.badge ?? {}) },
    branding: { ...base.branding, ...defined(patch.branding ?? {}) },
    codes: { ...base.codes, ...defined(patch.codes ?? {}) },
  };
}

/** The config file's kiosk section: what is absent takes its default. */
export const KioskSettingsConfig = KioskSettingsPatch.prefault({}).transform((patch) =>
  applyKioskPatch(DEFAULT_KIOSK_SETTINGS, patch),
);

/**
 * What `kiosk.checkIn` returns at once (the check-in is queued; the service
 * may see it later): the guest as now shown, the local time of the tap (what
 * the kiosk and the desk show as the arrival until the service's own
 * arrivedAt is known), the host's name, and the signed code for a badge's QR.
 */
export const KioskCheckIn = KioskGuest.extend({
  tappedAt: z.string(),
  hostName: z.string().nullable(),
  /** Null when it could not be signed (the site key unreadable): the check-in stands, the badge has no code. */
  passCode: z.string().nullable(),
});
export type KioskCheckIn = z.infer<typeof KioskCheckIn>;

/**
 * The success screen's data, for a check-in this same kiosk session made a
 * few minutes ago (never anyone else's): `doorPin` once the service answered
 * the check-in with accessControl.pin, else null ("please see reception").
 */
export const KioskArrival = z.object({
  invitationId: z.number().int(),
  /** The check-in is still queued: the service has not confirmed it yet. */
  pending: z.boolean(),
  tappedAt: z.string(),
  hostName: z.string().nullable(),
  doorPin: z.string().nullable(),
});
export type KioskArrival = z.infer<typeof KioskArrival>;

/** A guest pass: the signed code Foyer issues and the text to put in its QR. */
export const PassCode = z.object({
  invitationId: z.number().int(),
  code: z.string(),
  qrText: z.string(),
});
export type PassCode = z.infer<typeof PassCode>;

/** Han characters: one is a whole given name, so lookup accepts a single one. */
export const HAN = /\p{Script=Han}/u;
export const LookupText = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((text) => text.length >= 2 || HAN.test(text), 'type at least 2 letters (or one Chinese character)');

export const SyncIntervals = z.strictObject({
  incrementalSeconds: z.number().int().min(5).max(86_400),
  fullSeconds: z.number().int().min(60).max(86_400),
  checkInsSeconds: z.number().int().min(5).max(86_400),
  referenceSeconds: z.number().int().min(60).max(86_400),
});

export const SettingsView = z.object({
  baseUrl: z.string().nullable(),
  embedded: z.boolean(),
  tokenSet: z.boolean(),
  /** The last two characters of the token, never more (the token itself never leaves the core). */
  tokenEnding: z.string().nullable(),
  companyId: z.number().int(),
  locationId: z.number().int(),
  windowDaysBack: z.number(),
  windowDaysAhead: z.number(),
  retentionDays: z.number().int(),
  intervals: SyncIntervals,
  flow: FlowConfig,
  pins: z.object({ desk: z.boolean(), admin: z.boolean() }),
});
export type SettingsView = z.infer<typeof SettingsView>;

export const ConnectionInput = z.strictObject({
  /** The service's base URL including /api/v2; null: the embedded reference service with demo data. */
  baseUrl: z
    .url({ protocol: /^https?$/, error: 'a web address starting with http:// or https://' })
    .max(2000)
    .nullable(),
  /** A new token; absent keeps the one stored. */
  token: z.string().trim().min(8, 'a token has at least 8 characters').max(4096).optional(),
  companyId: z.number().int().positive(),
  locationId: z.number().int().positive(),
});
export type ConnectionInput = z.infer<typeof ConnectionInput>;

export const ConnectionTest = z.object({
  ok: z.boolean(),
  reachable: z.boolean(),
  tokenAccepted: z.boolean().nullable(),
  companyVisible: z.boolean().nullable(),
  locationVisible: z.boolean().nullable(),
  /** What works and what does not, in a sentence. */
  sentence: z.string(),
  /** The locations the service names (through its access profile groups). */
  locations: z.array(z.object({ id: z.number().int(), name: z.string().nullable() })),
});
export type ConnectionTest = z.infer<typeof ConnectionTest>;

export const Employee = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

/**
 * The site hub (electron/core/hub): one Foyer serves the site's other
 * devices over HTTPS; each device is paired once by staff and holds a device
 * credential with its role. A kiosk device stays a kiosk; a desk device
 * starts as a kiosk and is unlocked with the desk or admin PIN, as any door.
 */
export const DEVICE_ROLES = ['kiosk', 'desk'] as const;
export type DeviceRole = (typeof DEVICE_ROLES)[number];

export const Device = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(DEVICE_ROLES),
  pairedAt: z.string(),
  /** The last request of the device (any call, the event stream included), and from where. */
  lastSeenAt: z.string().nullable(),
  lastAddress: z.string().nullable(),
  /** Whether the device holds an open event stream now. */
  connected: z.boolean(),
  /** Set once the device was revoked: its credential opens nothing any more. */
  revokedAt: z.string().nullable(),
  /** What it did today (the hub's local day): check-ins, check-outs and other staff actions. */
  today: z.object({ checkIns: z.number().int(), checkOuts: z.number().int(), other: z.number().int() }),
  /** Where its credential is used now (open streams, and requests of the last 5 minutes): two means it was copied. */
  addresses: z.array(z.string()),
});
export type Device = z.infer<typeof Device>;

export const HubStatus = z.object({
  /** Whether this Foyer serves as a hub now (foyer hub, or the desktop app with hub.enabled). */
  enabled: z.boolean(),
  /** Where devices reach it, e.g. https://reception.local:5443/ and its LAN addresses. */
  urls: z.array(z.string()),
  /** SHA-256 of the hub's certificate, as colon-separated hex: staff compare it with what a device shows. */
  fingerprint: z.string().nullable(),
  devices: z.array(Device),
  /** Pairing requests waiting for staff (their codes are shown at the devices only). */
  pendingPairings: z.number().int(),
});
export type HubStatus = z.infer<typeof HubStatus>;

/** The short code a new device shows; staff type it at the desk. */
export const PAIRING_CODE = /^[0-9]{6}$/;
export const HubPairInput = z.strictObject({
  code: z.string().trim().max(6).regex(PAIRING_CODE, 'the six digits the device shows'),
  role: z.enum(DEVICE_ROLES),
  name: z.string().trim().min(1, 'give the device a name, e.g. "Lobby kiosk 2"').max(60),
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
    z.object({ text: LookupText }).strict(),
    z.array(KioskGuest),
    "Today's guests (at most 5) found by name as typed (any script, typos tolerated), or by their full email",
  ),
  'kiosk.byCode': op(
    ALL,
    z.object({ code: z.string().trim().min(1).max(200) }).strict(),
    KioskGuest.nullable(),
    "Today's guest of a signed Foyer code (or the service's own QR content when a pattern is configured)",
  ),
  'kiosk.checkIn': op(ALL, KioskTicket, KioskCheckIn, 'A guest checks in at the kiosk (queued; returns at once)'),
  'kiosk.arrival': op(
    ALL,
    KioskTicket,
    KioskArrival,
    "The success screen's data of a check-in this session made in the last minutes",
  ),
  'kiosk.checkOut': op(ALL, KioskTicket, KioskGuest, 'A guest checks out at the kiosk'),
  // --- the desk
  'guests.list': op(
    STAFF,
    GuestViewInput.extend({
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    z.object({
      /** The version of the guests this answer shows (see guests.changes). */
      version: z.number().int(),
      total: z.number().int(),
      counts: CategoryCounts,
      offset: z.number().int(),
      guests: z.array(DeskGuest),
    }),
    "One page of the desk's view, with the counts per category",
  ),
  'guests.changes': op(
    STAFF,
    GuestViewInput.extend({ since: z.number().int().min(0) }),
    z.object({
      version: z.number().int(),
      /** Too much changed to list: load the view again. */
      reload: z.boolean(),
      total: z.number().int(),
      counts: CategoryCounts,
      /** Changed guests that are in the view, as they are now. */
      changed: z.array(DeskGuest),
      /** Changed guests that are not (or no longer) in the view. */
      removed: z.array(z.number().int()),
    }),
    'What changed in the view since a version: rows and counts, not the whole list',
  ),
  'guests.overview': op(
    STAFF,
    z.strictObject({ from: instant, to: instant }),
    z.object({
      events: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          startsAt: z.string(),
          endsAt: z.string(),
          hostId: z.number().int(),
          guests: z.number().int(),
        }),
      ),
      hosts: z.array(z.object({ id: z.number().int(), name: z.string() })),
      /** Arrivals in each hour from `from`. */
      arrivalsPerHour: z.array(z.number().int()),
      onSite: z.number().int(),
    }),
    'The day at a glance: its events and hosts (for the filters), arrivals per hour, on site now',
  ),
  'guests.passCode': op(
    STAFF,
    z.object({ invitationId: id }).strict(),
    PassCode,
    'The signed code of a guest pass, to print or send',
  ),
  'guests.get': op(STAFF, z.object({ invitationId: id }).strict(), GuestDetail.nullable(), 'One guest with details'),
  'guests.revealPin': op(
    STAFF,
    z.object({ invitationId: id }).strict(),
    z.object({ pin: z.string().nullable() }),
    "The guest's door PIN, when a person asks to see it",
  ),
  'guests.transition': op(
    STAFF,
    z.object({ invitationId: id, action: z.enum(['checkIn', 'checkOut', 'undo']) }).strict(),
    DeskGuest,
    'Check a guest in or out; undo a check-in, or a check-out still held back',
  ),
  'guests.evacuationList': op(
    STAFF,
    z.object({}).strict(),
    z.object({
      generatedAt: z.string(),
      lastSyncAt: z.string().nullable(),
      /** The name comes from the access profile groups of the location, when they name it. */
      location: z.object({ id: z.number().int(), name: z.string().nullable() }),
      guests: z.array(DeskGuest),
    }),
    'Everyone on site, for an evacuation',
  ),
  'conflicts.list': op(STAFF, z.object({}).strict(), z.array(Conflict), 'Transitions the service refused'),
  'conflicts.retry': op(
    STAFF,
    z.object({ id }).strict(),
    DeskGuest,
    'Try a refused transition again, from the guest as they are now (refused with the reason when it cannot be)',
  ),
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
        /** The newest profile list the service accepted from this machine for the group. */
        lastUpload: z
          .object({
            deliveredAt: z.string(),
            profiles: z.array(z.object({ sourceId: z.string(), name: z.string().nullable() })),
          })
          .nullable(),
      }),
    ),
    'Access profile groups mapped to this integration',
  ),
  'employees.browse': op(
    ADMIN,
    z
      .object({
        searchQuery: z.string().trim().max(100).optional(),
        sortField: z.enum(['EMAIL']).optional(),
        sortAscending: z.boolean().optional(),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(50).default(50),
      })
      .strict(),
    z.object({
      employees: z.array(Employee),
      totalCount: z.number().int(),
      /** Where the page came from: the service, or the mirror when the service cannot be reached. */
      source: z.enum(['service', 'mirror']),
    }),
    "The company's employees, a page at a time, searched and sorted by the service",
  ),
  'imports.issuesCsv': op(
    ADMIN,
    FileUpload,
    z.object({ fileName: z.string(), csv: z.string() }),
    "Every problem of a file's rows, as CSV",
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
  'outbox.retryAll': op(
    ADMIN,
    z.object({}).strict(),
    z.object({
      retried: z.number().int(),
      refused: z.array(z.object({ id: z.number().int(), label: z.string(), reason: z.string() })),
    }),
    'Queue every failed item again; those that cannot go again say why',
  ),
  'outbox.exportCsv': op(
    ADMIN,
    z.object({ id }).strict(),
    z.object({ fileName: z.string(), csv: z.string() }),
    'Per-item results as CSV',
  ),
  'settings.get': op(ADMIN, z.object({}).strict(), SettingsView, 'Connection settings (never the token)'),
  'settings.setKiosk': op(ADMIN, KioskSettingsPatch, KioskSettings, 'Change the kiosk settings'),
  'settings.testConnection': op(
    ADMIN,
    ConnectionInput,
    ConnectionTest,
    'Try a connection (the stored token unless a new one is given) without changing anything',
  ),
  'settings.setConnection': op(
    ADMIN,
    ConnectionInput.extend({
      /** Switch even though the outbox still holds work for the service used now. */
      confirmed: z.boolean().default(false),
    }),
    z.object({ settings: SettingsView, newMirror: z.boolean() }),
    'Change the service, token, company or location; the app switches at once',
  ),
  'settings.setPin': op(
    ADMIN,
    z.strictObject({
      role: z.enum(['desk', 'admin']),
      /** null removes the desk PIN. */
      pin: z
        .string()
        .max(12, 'a PIN is 4 to 12 digits')
        .regex(/^\d{4,12}$/, 'a PIN is 4 to 12 digits')
        .nullable(),
    }),
    z.object({ desk: z.boolean(), admin: z.boolean() }),
    'Set or change the desk or admin PIN (effective at once)',
  ),
  'settings.setFlow': op(
    ADMIN,
    FlowConfig,
    FlowConfig,
    'The check-in flow: state categories and the eventName of each action',
  ),
  'settings.setSync': op(
    ADMIN,
    z.strictObject({
      intervals: SyncIntervals.partial().optional(),
      retentionDays: z.number().int().min(1).max(3650).optional(),
      windowDaysBack: z.number().int().min(0).max(60).optional(),
      windowDaysAhead: z.number().int().min(0).max(365).optional(),
    }),
    SettingsView,
    'Sync intervals, the window of guests kept, and retention',
  ),
  'hub.status': op(STAFF, z.object({}).strict(), HubStatus, 'The site hub: its address, fingerprint and devices'),
  'hub.pair': op(STAFF, HubPairInput, Device, 'Pair the device that shows this code, with its role'),
  'hub.revoke': op(STAFF, z.object({ id }).strict(), Device, 'Revoke a paired device: its credential opens nothing'),
  'sync.history': op(
    ADMIN,
    z.object({}).strict(),
    z.array(z.object({ at: z.string(), online: z.boolean() })),
    "Today's changes between online and offline",
  ),
  ...evacuationOperations,
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
  /** A site hub's answer to a device that is not paired (or was revoked): pair it first. */
  'UNPAIRED',
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
/**
 * Said by a door's client, never by the core: the door itself gave no answer (the browser host or a site hub
 * is down, or the network is). A caller's error carries one of these or one of the core's codes.
 */
export const TRANSPORT_ERROR_CODES = ['UNREACHABLE'] as const;
export type CallErrorCode = AppErrorCode | (typeof TRANSPORT_ERROR_CODES)[number];

/** The one event stream. */
export type AppEvent =
  | { type: 'sync-status'; status: SyncStatus }
  | { type: 'mirror-changed'; resources: string[] }
  /** The guests moved to a new version: the desk asks guests.changes for what changed. */
  | { type: 'guests-changed'; version: number }
  | { type: 'role'; role: Role }
  /** How far the check of an uploaded file is: rows (or bytes) done of total. */
  | { type: 'import-progress'; uploadId: string; done: number; total: number }
  /** A site hub's devices changed (paired, revoked, connected, disconnected, did something). */
  | { type: 'devices-changed' }
  | EvacuationEvent;
