/**
 * Badges the host prints, on a real IPP printer (ippeveprinter on loopback):
 * a kiosk's check-in sends a PDF of the label's exact size whose text holds
 * the name as written, the host and (when the site says so) the door PIN; a
 * stopped or absent printer sends the badge to the fallback printer; when no
 * printer takes it the desk is told, and can print it again; reprints count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { openApp } from '../../support/app.ts';
import {
  pageSizeMm,
  pdfText,
  printerToolsInstalled,
  startTestPrinter,
  type TestPrinter,
  waitForJobs,
} from '../../support/printer.ts';
import { cleanup, closedPort, seedGuests, startServiceOn, tempDir } from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';

const tools = printerToolsInstalled();
let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
let label: TestPrinter;
let spare: TestPrinter;
let absentPort: number;
let guests: Awaited<ReturnType<typeof seedGuests>>['guests'];
const desk = createSession('desk-1', 'desk', 'admin');
const admin = createSession('admin-1', 'admin', 'admin');
const kiosk = createSession('kiosk-1', 'kiosk', 'kiosk');

const printers = () => [
  { name: 'Lobby', uri: label.uri, label: 'brother-dk-62x100' as const, orientation: 'portrait' as const },
  { name: 'Spare', uri: spare.uri, label: 'id-1' as const, orientation: 'portrait' as const },
  {
    name: 'Gone',
    uri: `ipp://127.0.0.1:${absentPort}/ipp/print`,
    label: 'dymo-99014' as const,
    orientation: 'portrait' as const,
  },
];

async function checkIn(text: string, id: number) {
  const found = await core.call(kiosk, 'kiosk.lookup', { text });
  const guest = found.find((g) => g.invitationId === id);
  expect(guest, `${text} found`).toBeDefined();
  return core.call(kiosk, 'kiosk.checkIn', { ticket: guest!.ticket });
}

const jobsOf = (id: number) => runtime.mirror.printJobs.ofGuest(id);

beforeAll(async () => {
  if (!tools) return;
  [label, spare, absentPort] = await Promise.all([
    startTestPrinter('Lobby label'),
    startTestPrinter('Spare'),
    closedPort(),
  ]);
  service = await startServiceOn(tempDir('foyer-print-svc-'));
  ({ guests } = await seedGuests(service, 4, {
    people: [
      { firstName: '超', lastName: '王' },
      { firstName: 'Иван', lastName: 'Петров', companyName: 'Кранич' },
      { firstName: 'Maria', lastName: 'Popa' },
      { firstName: 'Jörg', lastName: 'Müller' },
    ],
  }));
  ({ runtime, core } = await openApp(tempDir('foyer-print-data-'), {
    service,
    config: (config) => ({
      locationId: 10,
      companyId: 1,
      kiosk: { ...config.kiosk, timeZone: 'UTC', badge: { ...config.kiosk.badge, enabled: true, doorPin: true } },
      printing: { printers: printers(), defaultPrinter: 'Lobby', fallbackPrinter: 'Spare', devices: {} },
    }),
  }));
  await core.call(desk, 'sync.now', { full: true });
  runtime.printing.start();
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

describe.skipIf(!tools)('badges printed by the host over IPP', () => {
  it('a kiosk check-in prints a 62 × 100 mm badge with the name as written, the host and the door PIN', async () => {
    const before = label.jobs().length;
    const wang = guests[0]!;
    const answer = await checkIn('王超', wang.id);
    expect(answer.hostPrints).toBe(true);
    // The badge waits for the door PIN, which comes with the service's answer to the check-in.
    await runtime.engine.deliver();
    const [pdf] = (await waitForJobs(label, before + 1)).slice(before);
    await until(() => jobsOf(wang.id)[0]?.state === 'sent' || jobsOf(wang.id)[0]?.state === 'printed', 'sent');
    expect(pageSizeMm(pdf!)).toEqual({ widthMm: 62, heightMm: 100 });
    const text = pdfText(pdf!);
    const pin = runtime.mirror.deskGuests.pin(wang.id);
    expect(pin).toMatch(/^\d{6}$/);
    expect(text).toContain('王超');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain(pin);
    expect(text).toContain('VISITOR');
  });

  it('prints Cyrillic as written, and no door PIN when the site prints none', async () => {
    runtime.configStore.update((c) => ({ ...c, kiosk: { ...c.kiosk, badge: { ...c.kiosk.badge, doorPin: false } } }));
    const before = label.jobs().length;
    const ivan = guests[1]!;
    await checkIn('Иван Петров', ivan.id);
    const [pdf] = (await waitForJobs(label, before + 1)).slice(before);
    await runtime.engine.deliver();
    const text = pdfText(pdf!);
    expect(text).toContain('Иван Петров');
    expect(text).toContain('Кранич');
    expect(text).not.toMatch(/Door PIN/);
  });

  it('with its printer stopped, the next badge goes to the fallback printer within 10 s, and the desk hears of it', async () => {
    await label.stop();
    const events: string[] = [];
    const unsubscribe = core.subscribe((event) => events.push(event.type));
    const before = spare.jobs().length;
    const maria = guests[2]!;
    const started = Date.now();
    await checkIn('Maria Popa', maria.id);
    const [pdf] = (await waitForJobs(spare, before + 1, 10_000)).slice(before);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(pageSizeMm(pdf!)).toEqual({ widthMm: 86, heightMm: 54 });
    expect(pdfText(pdf!)).toContain('Maria Popa');
    await until(() => jobsOf(maria.id)[0]?.state !== 'queued' && jobsOf(maria.id)[0]?.state !== 'sending', 'settled');
    expect(jobsOf(maria.id)[0]).toMatchObject({ sentTo: 'Spare', onFallback: true });
    const status = await core.call(desk, 'printing.status', {});
    expect(status.printers.find((p) => p.name === 'Lobby')).toMatchObject({ state: 'offline' });
    expect(status.onFallback.find((j) => j.invitationId === maria.id)).toMatchObject({
      guestName: 'Maria P.',
      printer: 'Spare',
      fallbackFrom: 'Lobby',
    });
    expect(events).toContain('printing-changed');
    unsubscribe();
  });

  it('when no printer takes a badge, the desk is told "not printed" and Print again prints it', async () => {
    runtime.configStore.update((c) => ({
      ...c,
      printing: { ...c.printing, defaultPrinter: 'Gone', fallbackPrinter: null },
    }));
    const jorg = guests[3]!;
    await checkIn('Jörg Müller', jorg.id);
    await until(() => jobsOf(jorg.id)[0]?.state === 'failed', 'failed', { timeout: 10_000 });
    const status = await core.call(desk, 'printing.status', {});
    const failed = status.failed.find((j) => j.invitationId === jorg.id);
    expect(failed).toMatchObject({ guestName: 'Jörg M.', state: 'failed', printer: 'Gone' });
    expect(failed!.error).toMatch(/does not answer/);

    // The printer comes back (here: the desk's Print again goes to a printer that answers).
    runtime.configStore.update((c) => ({
      ...c,
      printing: {
        ...c.printing,
        printers: c.printing.printers.map((p) => (p.name === 'Gone' ? { ...p, uri: spare.uri } : p)),
      },
    }));
    const before = spare.jobs().length;
    await core.call(desk, 'printing.retry', { jobId: failed!.id });
    const [pdf] = (await waitForJobs(spare, before + 1)).slice(before);
    expect(pdfText(pdf!)).toContain('Jörg Müller');
    // 54 × 101 mm: the Dymo roll of the printer asked for.
    expect(pageSizeMm(pdf!)).toEqual({ widthMm: 54, heightMm: 101 });
  });

  it('a reprint from the desk prints again, says how often it was printed before, and is in the audit log', async () => {
    const maria = guests[2]!;
    expect(await core.call(desk, 'printing.badge', { invitationId: maria.id })).toMatchObject({ printed: 1 });
    const before = spare.jobs().length;
    const reprint = await core.call(desk, 'printing.reprint', { invitationId: maria.id });
    expect(reprint.printedBefore).toBe(1);
    await waitForJobs(spare, before + 1);
    await until(() => jobsOf(maria.id)[0]?.state === 'sent' || jobsOf(maria.id)[0]?.state === 'printed', 'sent');
    expect(await core.call(desk, 'printing.badge', { invitationId: maria.id })).toMatchObject({ printed: 2 });
    const audit = await core.call(admin, 'audit.list', { action: 'badge-reprint' });
    expect(audit.entries[0]).toMatchObject({ action: 'badge-reprint', detail: expect.stringContaining('print 2') });
  });

  it("the console's test print reaches the printer, and says so when it does not", async () => {
    const before = spare.jobs().length;
    const job = await core.call(admin, 'printing.testPrint', { printer: 'Spare' });
    expect(job).toMatchObject({ kind: 'test', state: 'sent', printer: 'Spare' });
    const [pdf] = (await waitForJobs(spare, before + 1)).slice(before);
    expect(pdfText(pdf!)).toContain('Test print');
    const refused = await core.call(admin, 'printing.testPrint', { printer: 'Lobby' });
    expect(refused).toMatchObject({ state: 'failed', error: expect.stringMatching(/does not answer/) });
  });
});
