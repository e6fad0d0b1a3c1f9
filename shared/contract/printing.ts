/**
 * Badges printed by the host (electron/core/printing): the site's label
 * printers (IPP and IPPS), the label rolls they hold, which kiosk device
 * prints where, and the print jobs the desk sees and prints again.
 */
import { z } from 'zod';
import { ADMIN, id, op, STAFF } from './op.ts';

/** Real label rolls and cards, as width × height in mm when printed upright (portrait). */
export const LABEL_SIZES = {
  'brother-dk-62x100': { name: 'Brother DK 62 × 100 mm', widthMm: 62, heightMm: 100 },
  'brother-dk-62x29': { name: 'Brother DK 62 × 29 mm', widthMm: 62, heightMm: 29 },
  'brother-dk-29x90': { name: 'Brother DK 29 × 90 mm', widthMm: 29, heightMm: 90 },
  'dymo-99012': { name: 'Dymo 99012, 89 × 36 mm', widthMm: 89, heightMm: 36 },
  'dymo-99014': { name: 'Dymo 99014, 54 × 101 mm', widthMm: 54, heightMm: 101 },
  'id-1': { name: 'ID-1 card, 86 × 54 mm', widthMm: 86, heightMm: 54 },
  a6: { name: 'A6, 105 × 148 mm', widthMm: 105, heightMm: 148 },
} as const;
export type LabelSizeId = keyof typeof LABEL_SIZES;
export const LABEL_SIZE_IDS = Object.keys(LABEL_SIZES) as [LabelSizeId, ...LabelSizeId[]];

const PRINTER_URI = /^ipps?:\/\/[^/\s?#]+(?:\/[^\s?#]*)?$/i;
const PRINTER_NAME = z.string().trim().min(1, 'give the printer a name, e.g. "Lobby"').max(60);
const mm = z.number().min(20).max(300);

export const Printer = z
  .strictObject({
    name: PRINTER_NAME,
    /** The printer's IPP address: ipp://host[:port]/path (plain) or ipps://... (TLS). */
    uri: z.string().trim().max(500).regex(PRINTER_URI, 'a printer address as ipp://host[:631]/ipp/print or ipps://...'),
    /** A roll from LABEL_SIZES, or "custom" with widthMm and heightMm. */
    label: z.enum([...LABEL_SIZE_IDS, 'custom']).default('brother-dk-62x100'),
    widthMm: mm.optional(),
    heightMm: mm.optional(),
    orientation: z.enum(['portrait', 'landscape']).default('portrait'),
  })
  .refine(
    (p) => p.label !== 'custom' || (p.widthMm !== undefined && p.heightMm !== undefined),
    'a custom label needs widthMm and heightMm (20 to 300 mm)',
  );
export type Printer = z.output<typeof Printer>;

/** The page of a printer's label in mm, turned by its orientation. */
export function labelPage(printer: Pick<Printer, 'label' | 'widthMm' | 'heightMm' | 'orientation'>): {
  widthMm: number;
  heightMm: number;
} {
  const size =
    printer.label === 'custom'
      ? { widthMm: printer.widthMm ?? 62, heightMm: printer.heightMm ?? 100 }
      : LABEL_SIZES[printer.label];
  return printer.orientation === 'landscape' ? { widthMm: size.heightMm, heightMm: size.widthMm } : { ...size };
}

/**
 * The site's printers (config.json "printing"). With at least one printer and
 * the kiosk's badges on, the host prints each kiosk check-in's badge itself;
 * with none, the kiosk's page prints (the desktop app silently, to a system printer).
 */
export const PrintingSettings = z
  .strictObject({
    printers: z.array(Printer).max(20).default([]),
    /** The printer of kiosks without one of their own, and of the desk's reprints; null: the first printer. */
    defaultPrinter: PRINTER_NAME.nullable().default(null),
    /** Used when a kiosk's printer does not answer or refuses; null: none. */
    fallbackPrinter: PRINTER_NAME.nullable().default(null),
    /** Paired kiosk devices (by device id) that print on a printer of their own: { "3": "Lobby 2" }. */
    devices: z
      .record(
        z
          .string()
          .max(9)
          .regex(/^\d{1,9}$/, 'a device id'),
        PRINTER_NAME,
      )
      .default({}),
  })
  .superRefine((settings, ctx) => {
    // Each refusal names its field, so that the console shows it there.
    const names = new Set(settings.printers.map((p) => p.name));
    if (names.size !== settings.printers.length)
      ctx.addIssue({ code: 'custom', path: ['printers'], message: 'printer names: each once' });
    const named: [string, string | null][] = [
      ['defaultPrinter', settings.defaultPrinter],
      ['fallbackPrinter', settings.fallbackPrinter],
      ...Object.values(settings.devices).map((name): [string, string] => ['devices', name]),
    ];
    for (const [path, name] of named)
      if (name !== null && !names.has(name))
        ctx.addIssue({ code: 'custom', path: [path], message: `no printer is named "${name}"` });
  });
export type PrintingSettings = z.output<typeof PrintingSettings>;

/** IPP printer-state, and what the printer says of itself (printer-state-reasons: media-empty, offline...). */
export const PRINTER_STATES = ['idle', 'printing', 'stopped', 'offline', 'unknown'] as const;
export const PrinterStatus = z.object({
  name: z.string(),
  uri: z.string(),
  state: z.enum(PRINTER_STATES),
  /** printer-state-reasons without "none", e.g. ["media-empty-error"]; ["offline"] when it does not answer. */
  reasons: z.array(z.string()),
  message: z.string().nullable(),
  checkedAt: z.string().nullable(),
});
export type PrinterStatus = z.infer<typeof PrinterStatus>;

export const PRINT_JOB_STATES = ['queued', 'sending', 'sent', 'printed', 'failed'] as const;
export const PrintJob = z.object({
  id: z.number().int(),
  invitationId: z.number().int().nullable(),
  /** "Maria P.": the first name and the family name's initial. */
  guestName: z.string().nullable(),
  kind: z.enum(['badge', 'reprint', 'test']),
  state: z.enum(PRINT_JOB_STATES),
  /** The printer it was sent to (the fallback, when the first did not take it), or meant for. */
  printer: z.string(),
  /** The printer it was meant for, when the fallback printer took it instead (that one was stopped or away). */
  fallbackFrom: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type PrintJob = z.infer<typeof PrintJob>;

export const PrintingStatus = z.object({
  /** Whether the host prints the kiosks' badges (badges on, and a printer set). */
  hostPrints: z.boolean(),
  printers: z.array(PrinterStatus),
  /** Badges that could not be printed (on any printer), newest first: the desk offers Print again. */
  failed: z.array(PrintJob),
  /** Badges of the last hour the fallback printer took, newest first: the desk says so while their printer is in trouble. */
  onFallback: z.array(PrintJob),
  /** Jobs not yet sent. */
  waiting: z.number().int(),
});
export type PrintingStatus = z.infer<typeof PrintingStatus>;

export const printingOperations = {
  'printing.status': op(STAFF, z.object({}).strict(), PrintingStatus, "The printers' state and the badges not printed"),
  'printing.badge': op(
    STAFF,
    z.object({ invitationId: id }).strict(),
    z.object({
      printed: z.number().int(),
      jobs: z.array(PrintJob),
      /** Whether the desk can print it (a printer is set up). */
      canPrint: z.boolean(),
    }),
    "A guest's badge prints so far (how many times it was printed)",
  ),
  'printing.reprint': op(
    STAFF,
    z.object({ invitationId: id }).strict(),
    z.object({ job: PrintJob, printedBefore: z.number().int() }),
    "Print a guest's badge again (a lost badge): queued on the default printer",
  ),
  'printing.retry': op(STAFF, z.object({ jobId: id }).strict(), PrintJob, 'Print again a badge that was not printed'),
  'printing.settings': op(ADMIN, z.object({}).strict(), PrintingSettings, 'The printers and which kiosk uses which'),
  'printing.setSettings': op(ADMIN, PrintingSettings, PrintingSettings, 'Change the printers'),
  'printing.testPrint': op(
    ADMIN,
    z.object({ printer: PRINTER_NAME }).strict(),
    PrintJob,
    'Print a sample badge on a printer now (waits for the printer to take it)',
  ),
} as const;
