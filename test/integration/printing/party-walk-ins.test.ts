/**
 * Badges the host prints for more than the one guest of a lookup, on a real
 * IPP printer (ippeveprinter on loopback): each member of a party checked in
 * together gets a badge of their own, and a walk-in gets one when they are
 * let in (approved at the desk, or at once), with what is known of them. One
 * print job a person, queued with their check-in or approval; the kiosk's
 * page is told the host prints (hostPrints), so that it prints none.
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
import { cleanup, seedGuests, startServiceOn, tempDir } from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';
import { walkInsOf } from '../../../electron/core/walk-ins/repo.ts';

const tools = printerToolsInstalled();
let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
let label: TestPrinter;
let guests: Awaited<ReturnType<typeof seedGuests>>['guests'];
const desk = createSession('desk-1', 'desk', 'admin');
const kiosk = createSession('kiosk-1', 'kiosk', 'kiosk');

const sentOrPrinted = (id: number) =>
  runtime.mirror.printJobs.ofGuest(id).some((j) => j.state === 'sent' || j.state === 'printed');

/** The PDFs the printer took since `before`, by their text. */
async function newBadges(before: number, count: number): Promise<string[]> {
  const pdfs = (await waitForJobs(label, before + count)).slice(before);
  return pdfs.map((pdf) => {
    expect(pageSizeMm(pdf)).toEqual({ widthMm: 62, heightMm: 100 });
    return pdfText(pdf);
  });
}

async function hostTicket(name: string): Promise<string> {
  const [host] = await core.call(kiosk, 'walkIns.hosts', { text: name });
  expect(host, `${name} found`).toBeDefined();
  return host!.hostTicket;
}

beforeAll(async () => {
  if (!tools) return;
  label = await startTestPrinter('Lobby label');
  service = await startServiceOn(tempDir('foyer-print-party-svc-'));
  ({ guests } = await seedGuests(service, 3, {
    people: [
      { firstName: '超', lastName: '王' },
      { firstName: 'Иван', lastName: 'Петров' },
      { firstName: 'Maria', lastName: 'Popa', companyName: 'Popa SRL' },
    ],
  }));
  ({ runtime, core } = await openApp(tempDir('foyer-print-party-data-'), {
    service,
    config: (config) => ({
      locationId: 10,
      companyId: 1,
      kiosk: { ...config.kiosk, timeZone: 'UTC', badge: { ...config.kiosk.badge, enabled: true, doorPin: false } },
      walkIns: { ...config.walkIns, mode: 'desk' },
      printing: {
        printers: [{ name: 'Lobby', uri: label.uri, label: 'brother-dk-62x100', orientation: 'portrait' }],
        defaultPrinter: 'Lobby',
        fallbackPrinter: null,
        devices: {},
      },
    }),
  }));
  await core.call(desk, 'sync.now', { full: true });
  runtime.printing.start();
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

describe.skipIf(!tools)('badges of a party and of walk-ins, printed by the host', () => {
  it('a party checked in together gets one badge each, with its own check-in', async () => {
    const before = label.jobs().length;
    const [wang, ivan, maria] = guests;
    const [found] = await core.call(kiosk, 'kiosk.lookup', { text: '王超' });
    expect(found?.invitationId).toBe(wang!.id);
    const members = await core.call(kiosk, 'kiosk.party', { ticket: found!.ticket });
    expect(members).toHaveLength(2);
    // As the kiosk's page does it: the guest, then each member ticked as here, one check-in each.
    const answers = [await core.call(kiosk, 'kiosk.checkIn', { ticket: found!.ticket })];
    for (const member of members) answers.push(await core.call(kiosk, 'kiosk.checkIn', { ticket: member.ticket }));
    expect(answers.map((a) => a.hostPrints)).toEqual([true, true, true]);
    const texts = await newBadges(before, 3);
    for (const name of ['王超', 'Иван Петров', 'Maria Popa'])
      expect(
        texts.filter((t) => t.includes(name)),
        name,
      ).toHaveLength(1);
    for (const guest of [wang!, ivan!, maria!]) {
      expect(runtime.mirror.printJobs.ofGuest(guest.id)).toHaveLength(1);
      await until(() => sentOrPrinted(guest.id), `badge of ${guest.id} sent`);
    }
  });

  it('a walk-in approved at the desk gets a badge with what is known, and the kiosk prints none', async () => {
    const before = label.jobs().length;
    const { requestTicket, status } = await core.call(kiosk, 'walkIns.request', {
      firstName: 'Jörg',
      lastName: 'Müller',
      companyName: 'Müller GmbH',
      hostTicket: await hostTicket('grace'),
    });
    expect(status).toMatchObject({ state: 'requested', hostPrints: false });
    const [pending] = await core.call(desk, 'walkIns.pending', {});
    expect(label.jobs()).toHaveLength(before);
    await core.call(desk, 'walkIns.approve', { id: pending!.id });
    const [text] = await newBadges(before, 1);
    expect(text).toContain('Jörg Müller');
    expect(text).toContain('Müller GmbH');
    expect(text).toContain('Grace Hopper');
    expect(await core.call(kiosk, 'walkIns.status', { requestTicket })).toMatchObject({
      state: 'approved',
      hostPrints: true,
    });
    const [job] = runtime.mirror.printJobs.ofGuest(-pending!.id);
    expect(job).toMatchObject({ kind: 'badge', printer: 'Lobby' });
    await until(() => sentOrPrinted(-pending!.id), 'walk-in badge sent');
    const status2 = await core.call(desk, 'printing.status', {});
    expect(status2.failed).toEqual([]);
  });

  it('a walk-in let in at once (open mode, and the desk\'s "Add visitor") gets one badge each', async () => {
    runtime.configStore.update((c) => ({ ...c, walkIns: { ...c.walkIns, mode: 'open' } }));
    const before = label.jobs().length;
    const { status } = await core.call(kiosk, 'walkIns.request', {
      firstName: 'Анна',
      lastName: 'Смирнова',
      hostTicket: await hostTicket('grace'),
    });
    expect(status).toMatchObject({ state: 'approved', hostPrints: true });
    const [first] = await newBadges(before, 1);
    expect(first).toContain('Анна Смирнова');

    const hostId = walkInsOf(runtime.mirror).hostsByName('Ada', 1)[0]!.id;
    const added = await core.call(desk, 'walkIns.add', { hostId, firstName: 'Li', lastName: 'Wei' });
    const [second] = (await newBadges(before, 2)).slice(1);
    expect(second).toContain('Li Wei');
    expect(second).toContain('Ada Lovelace');
    expect(runtime.mirror.printJobs.ofGuest(-added.id)).toHaveLength(1);
  });

  it('with no printer set up, a walk-in is let in without a print job, and the kiosk prints the badge itself', async () => {
    runtime.configStore.update((c) => ({ ...c, printing: { ...c.printing, printers: [], defaultPrinter: null } }));
    const { status } = await core.call(kiosk, 'walkIns.request', {
      firstName: 'Nobody',
      lastName: 'Printed',
      hostTicket: await hostTicket('grace'),
    });
    expect(status).toMatchObject({ state: 'approved', hostPrints: false });
  });
});
