/**
 * The admin's settings: the kiosk's (with their validators, defaults and
 * the merge of a patch, which the config file uses too), the connection,
 * the PINs, the check-in flow, and the sync's intervals and window.
 */
import { z } from 'zod';
import { GUEST_LANGUAGES } from '../api/primitives.ts';
import { FlowConfig } from '../domain/flow.ts';
import { AUTO_CHECK_OUT_HINT, AUTO_CHECK_OUT_PATTERN, normaliseAutoCheckOut } from '../domain/visit-end.ts';
import { BadgeLanguage, WelcomeTitle } from '../domain/kiosk-texts.ts';
import { ADMIN, op, PASSIVE } from './op.ts';
import { Pin } from '../domain/pin.ts';

export const WALK_IN_MODES = ['off', 'desk', 'open'] as const;
export type WalkInMode = (typeof WALK_IN_MODES)[number];

const LENGTH = 'a visit of 15 to 1440 minutes, or none: to the end of the day';
const ENTRANCE = "the entrance's id at the service (a whole number above 0), or none";

/** The site's walk-in settings (the configuration's `walkIns` section). */
export const WalkInSettings = z.strictObject({
  /** off: the kiosk offers no walk-in; desk: the desk approves each (the default); open: let in at once. */
  mode: z.enum(WALK_IN_MODES, { error: `walkIns.mode must be one of ${WALK_IN_MODES.join(', ')}` }).default('desk'),
  /** How long a walk-in's visit lasts, in minutes; null: to the end of the local day. */
  lengthMinutes: z.number({ error: LENGTH }).int(LENGTH).min(15, LENGTH).max(1440, LENGTH).nullable().default(null),
  /** The entrance sent with a walk-in's event (entranceId), where the site has one. */
  entranceId: z.number({ error: ENTRANCE }).int(ENTRANCE).positive(ENTRANCE).nullable().default(null),
});
export type WalkInSettings = z.output<typeof WalkInSettings>;

/** The site's evacuation settings (config.json "evacuation"; the admin console's settings). */
export const EvacuationSettings = z.strictObject({
  /** Where people gather outside, as the kiosks show it during an evacuation ("Car park B, by the gate"). */
  assemblyPoint: z.string().trim().max(200, 'the assembly point: at most 200 characters').default(''),
});
export type EvacuationSettings = z.infer<typeof EvacuationSettings>;

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
  /** One text (the start language's), or a text per language; a patch replaces it whole. */
  welcomeTitle: WelcomeTitle,
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
    /** The language of the badge's words, read by security staff; null: the start language. */
    language: BadgeLanguage,
    /**
     * Whether the guest's door PIN is printed on the badge. Off unless the admin turns it on: the kiosk hides the
     * PIN after 6 s so that the next person does not read it, and a badge is worn in sight all day.
     */
    doorPin: z.boolean(),
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
  badge: { enabled: false, printer: '', layout: 'standard', language: null, doorPin: false },
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

export const SyncIntervals = z.strictObject({
  incrementalSeconds: z.number().int().min(5).max(86_400),
  fullSeconds: z.number().int().min(60).max(86_400),
  checkInsSeconds: z.number().int().min(5).max(86_400),
  referenceSeconds: z.number().int().min(60).max(86_400),
});

/** The kinds of personal data kept for a time of their own (electron/core/retention/kinds.ts). */
export const RETENTION_KINDS = ['visits', 'walkIns', 'photos', 'signatures', 'audit'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
const retentionFigure = z.number().int().min(1).max(3650);

export const RetentionView = z.array(
  z.object({
    kind: z.enum(RETENTION_KINDS),
    days: z.number().int(),
    /** No figure of its own: it follows visits (retentionDays). Always false for visits. */
    asVisits: z.boolean(),
    /** False for a kind this Foyer holds no data of yet (photos and signatures before their part is installed). */
    held: z.boolean(),
  }),
);

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
  /** The daily automatic check-out: "HH:MM" local time, or "off". */
  autoCheckOut: z.string(),
  flow: FlowConfig,
  pins: z.object({ desk: z.boolean(), admin: z.boolean() }),
  /** Each kind's retention in days, and whether it holds data yet. */
  retention: RetentionView,
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

export const settingsOperations = {
  'settings.get': op(ADMIN, z.object({}).strict(), SettingsView, 'Connection settings (never the token)', PASSIVE),
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
      pin: Pin.nullable(),
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
      /** Days per kind besides visits (retentionDays); null: as visits. */
      retention: z
        .strictObject({
          walkInsDays: retentionFigure.nullable().optional(),
          photosDays: retentionFigure.nullable().optional(),
          signaturesDays: retentionFigure.nullable().optional(),
          auditDays: retentionFigure.nullable().optional(),
        })
        .optional(),
      windowDaysBack: z.number().int().min(0).max(60).optional(),
      windowDaysAhead: z.number().int().min(0).max(365).optional(),
      autoCheckOut: z
        .string()
        .max(20)
        .transform(normaliseAutoCheckOut)
        .pipe(z.string().regex(AUTO_CHECK_OUT_PATTERN, AUTO_CHECK_OUT_HINT))
        .optional(),
    }),
    SettingsView,
    'Sync intervals, the window of guests kept, and retention',
  ),
} as const;
