/**
 * The kiosk through the app core, against the reference service: codes that
 * cannot be guessed, today's guests only, a success screen (host, door PIN)
 * that only the kiosk session that checked the guest in can read (by the
 * ticket it was handed with the guest; see kiosk-reach.test.ts for the rest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession, type Session } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { openApp } from '../../support/app.ts';
import { DAY, HOUR, iso, uid } from '../../support/basics.ts';
import { cleanup, putUntilOk, startServiceOn, tempDir } from '../outbox/helpers.ts';

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
const desk = createSession('desk-1', 'desk', 'admin');
const kiosk = createSession('kiosk-1', 'kiosk', 'kiosk');
const otherKiosk = createSession('kiosk-2', 'kiosk', 'kiosk');

interface Person {
  firstName: string;
  lastName: string;
  email?: string;
  companyName?: string;
}

/** One event at location 10 with these guests; returns their invitation ids in order. */
async function seedEvent(startsAt: number, endsAt: number, people: Person[]): Promise<number[]> {
  const sourceId = uid('ev');
  const invitations = people.map((p, i) => ({
    sourceId: `${sourceId}-inv-${i}`,
    email: p.email ?? `${uid('guest')}@example.test`,
    firstName: p.firstName,
    lastName: p.lastName,
    ...(p.companyName ? { companyName: p.companyName } : {}),
  }));
  const body = {
    events: [
      {
        sourceId,
        name: `Event ${sourceId}`,
        startsAt: iso(startsAt),
        endsAt: iso(endsAt),
        locationId: 10,
        invitations,
      },
    ],
  };
  const res = await putUntilOk(service.baseUrl, '/events', body);
  expect(res.body.events[0].status, res.text).toBe('SUCCESS');
  const rows = service.db
    .prepare(
      'SELECT i.source_id AS s, i.id FROM invitations i JOIN events e ON e.id = i.event_id WHERE e.source_id = ?',
    )
    .all(sourceId) as { s: string; id: number }[];
  const ids = new Map(rows.map((r) => [r.s, r.id]));
  return invitations.map((inv) => ids.get(inv.sourceId)!);
}

const startOfNextUtcDay = () => Math.ceil((Date.now() + 1) / DAY) * DAY;

let today: number[];
let tomorrow: number[];

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-kiosk-svc-'));
  const now = Date.now();
  today = await seedEvent(now - HOUR, now + 3 * HOUR, [
    { firstName: 'Jörg', lastName: 'Müller', companyName: 'Kranich Logistik', email: 'joerg.mueller@kranich.test' },
    { firstName: 'Ada', lastName: 'Kiosktest' },
    { firstName: 'Bea', lastName: 'Kiosktest' },
    { firstName: 'Cem', lastName: 'Kiosktest' },
    { firstName: 'Mehmet', lastName: 'Kılıç' },
    { firstName: 'Артём', lastName: 'Соловьёв' },
    { firstName: 'Иван', lastName: 'Лебедев' },
    { firstName: '超', lastName: '王' },
    { firstName: '伟', lastName: '张' },
    ...Array.from({ length: 7 }, (_, i) => ({
      firstName: `Gast${i}`,
      lastName: 'Siebenmal',
      companyName: 'Kranich Logistik',
    })),
  ]);
  const next = startOfNextUtcDay();
  tomorrow = await seedEvent(next + 10 * HOUR, next + 12 * HOUR, [
    { firstName: 'Tomas', lastName: 'Morgen' },
    { firstName: 'Jörg', lastName: 'Müller', email: 'joerg.mueller.tomorrow@kranich.test' },
  ]);
  ({ runtime, core } = await openApp(tempDir('foyer-kiosk-data-'), {
    service,
    config: (config) => ({ locationId: 10, companyId: 1, kiosk: { ...config.kiosk, timeZone: 'UTC' } }),
  }));
  await core.call(desk, 'sync.now', { full: true });
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

let sessions = 0;
/** A code asked by a session and client of its own: what it reveals, apart from the limit on unknown codes (tested on its own). */
const byCode = (
  code: string,
  session: Session = createSession(
    `probe-${++sessions}`,
    'kiosk',
    'kiosk',
    `ip:10.0.${sessions >> 8}.${sessions & 255}`,
  ),
) => core.call(session, 'kiosk.byCode', { code });

describe('kiosk codes', () => {
  it('the desk issues a signed code that the kiosk accepts', async () => {
    const id = today[1]!;
    const pass = await core.call(desk, 'guests.passCode', { invitationId: id });
    expect(pass.code).toMatch(new RegExp(`^F1-${id}-[0-9A-X]{8}$`));
    expect(pass.qrText).toBe(pass.code);
    expect(await byCode(pass.code)).toMatchObject({ invitationId: id, firstName: 'Ada' });
    // as a scanner on another keyboard layout or a person may type it
    expect(await byCode(pass.code.toLowerCase())).toMatchObject({ invitationId: id });
    expect(await byCode(pass.code.replace(/-/g, 'ß'))).toMatchObject({ invitationId: id });
    // the same code every time, for the same data directory
    expect((await core.call(desk, 'guests.passCode', { invitationId: id })).code).toBe(pass.code);
  });

  it('a kiosk cannot ask for a pass code', async () => {
    await expect(core.call(kiosk, 'guests.passCode', { invitationId: today[1]! })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('a probe of sequential ids, old-style codes and random codes reveals nobody', async () => {
    const first = Math.min(...today, ...tomorrow);
    const found: unknown[] = [];
    for (let id = Math.max(1, first - 10); id < first + 30; id++)
      for (const code of [
        String(id),
        `FOYER-${id}`,
        `https://x.test/?invitation=${id}`,
        `F1-${id}-00000000`,
        `F1-${id}`,
      ])
        if (await byCode(code)) found.push(code);
    for (let i = 0; i < 100; i++) {
      const id = today[i % today.length]!;
      const mac = Array.from(
        { length: 8 },
        () => '0123456789ABCDEFGHJKMNPQRSTVWX'[Math.floor(Math.random() * 30)],
      ).join('');
      if (await byCode(`F1-${id}-${mac}`)) found.push(mac);
    }
    expect(found).toEqual([]);
  });

  it('limits one client probing codes: a few misses are free, then it waits, even for a valid code', async () => {
    const prober = createSession('prober', 'kiosk', 'kiosk', 'ip:192.0.2.7');
    const { code } = await core.call(desk, 'guests.passCode', { invitationId: today[1]! });
    const outcomes: string[] = [];
    for (let id = 1; id <= 8; id++)
      outcomes.push(
        await byCode(String(id), prober).then(
          (guest) => (guest ? 'found' : 'none'),
          (error: { code: string; message: string }) => `${error.code}: ${error.message}`,
        ),
      );
    // Five misses without a wait; the sixth makes the next code wait a second (then 2, 4, ... s).
    expect(outcomes.slice(0, 6)).toEqual(['none', 'none', 'none', 'none', 'none', 'none']);
    expect(outcomes[6]).toMatch(/^REFUSED: too many unknown codes; try again in 1 s/);
    await expect(byCode(code, prober)).rejects.toMatchObject({ code: 'REFUSED' });
    // A new session from the same address waits too; a kiosk elsewhere is not held up.
    const again = createSession('prober-again', 'kiosk', 'kiosk', 'ip:192.0.2.7');
    await expect(byCode(code, again)).rejects.toMatchObject({ code: 'REFUSED' });
    expect(await byCode(code)).toMatchObject({ invitationId: today[1] });
  });

  it('one changed character of a signed code reveals nobody', async () => {
    const { code } = await core.call(desk, 'guests.passCode', { invitationId: today[2]! });
    const last = code.at(-1) === 'A' ? 'B' : 'A';
    expect(await byCode(code.slice(0, -1) + last)).toBeNull();
    // the mac of one guest does not open another
    const other = code.replace(`-${today[2]}-`, `-${today[3]}-`);
    expect(await byCode(other)).toBeNull();
  });

  it("a signed code of tomorrow's guest finds nobody today", async () => {
    const { code } = await core.call(desk, 'guests.passCode', { invitationId: tomorrow[0]! });
    expect(await byCode(code)).toBeNull();
  });

  it("the service's own QR content is accepted only by the configured pattern", async () => {
    const id = today[3]!;
    const qr = `https://visit.example.test/i/${id}?t=abc`;
    expect(await byCode(qr)).toBeNull();
    const before = runtime.config.kiosk;
    const setKiosk = (kiosk: typeof before) => runtime.configStore.update((config) => ({ ...config, kiosk }));
    setKiosk({ ...before, codes: { servicePattern: '^https://visit\\.example\\.test/i/(\\d+)\\?t=' } });
    try {
      expect(await byCode(qr)).toMatchObject({ invitationId: id });
      expect(await byCode(String(id))).toBeNull();
    } finally {
      setKiosk(before);
    }
  });
});

/** The ticket of the guest `id` as `session` finds them by `text`. */
async function ticketOf(session: Session, text: string, id: number): Promise<string> {
  const found = (await core.call(session, 'kiosk.lookup', { text })).find((g) => g.invitationId === id);
  if (!found) throw new Error(`"${text}" does not find invitation ${id}`);
  return found.ticket;
}

const lookup = async (text: string) => (await core.call(kiosk, 'kiosk.lookup', { text })).map((g) => g.invitationId);

describe('kiosk lookup', () => {
  it.each([
    ['Mueller', 0],
    ['joerg', 0],
    ['Jörg Müller', 0],
    ['Kilic', 4],
    ['Соловьев', 5],
    ['Solovyov', 5],
    ['Lebedev', 6],
    ['Miller', 0],
    ['王超', 7],
    ['Wang Chao', 7],
    ['Zhang', 8],
    ['张', 8],
    ['超', 7],
  ])('%s finds the guest of today', async (text, index) => {
    expect((await lookup(text))[0]).toBe(today[index]);
  });

  it("never lists tomorrow's guest, even of the same name", async () => {
    expect(await lookup('Müller')).toEqual([today[0]]);
    expect(await lookup('Morgen')).toEqual([]);
    expect(await lookup('Tomas Morgen')).toEqual([]);
    expect(await lookup('joerg.mueller.tomorrow@kranich.test')).toEqual([]);
  });

  it('lists at most 5 guests', async () => {
    expect(await lookup('Siebenmal')).toHaveLength(5);
  });

  it.each(['@t', '@kranich', 'Kranich', 'Kranich Logistik', 'kranich.test', '@kranich.test', 'joerg.mueller@'])(
    '%j lists nobody',
    async (text) => {
      expect(await lookup(text)).toEqual([]);
    },
  );

  it('finds a guest by the whole email, or one typo away', async () => {
    expect(await lookup('joerg.mueller@kranich.test')).toEqual([today[0]]);
    expect(await lookup('Joerg.Mueller@Kranich.test')).toEqual([today[0]]);
    expect(await lookup('joerg.muller@kranich.test')).toEqual([today[0]]);
  });

  it('refuses a single Latin letter, and accepts a single Chinese character', async () => {
    await expect(core.call(kiosk, 'kiosk.lookup', { text: 'M' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(core.call(kiosk, 'kiosk.lookup', { text: '王' })).resolves.toHaveLength(1);
  });

  it('shows a kiosk no email, host or arrival details', async () => {
    const [guest] = await core.call(kiosk, 'kiosk.lookup', { text: 'Kilic' });
    expect(Object.keys(guest!).toSorted()).toEqual(
      [
        'category',
        'companyName',
        'endsAt',
        'eventName',
        'firstName',
        'invitationId',
        'language',
        'lastName',
        'pending',
        'startsAt',
        'state',
        'ticket',
      ].toSorted(),
    );
  });
});

describe('the success screen', () => {
  it('shows the tap time at once, then the host and the door PIN the service gave', async () => {
    const id = today[0]!;
    const before = Date.now();
    const checkIn = await core.call(kiosk, 'kiosk.checkIn', { ticket: await ticketOf(kiosk, 'Jörg Müller', id) });
    expect(checkIn).toMatchObject({ invitationId: id, pending: true, hostName: 'Ada Lovelace' });
    expect(Date.parse(checkIn.tappedAt)).toBeGreaterThanOrEqual(before - 1);
    expect(checkIn.passCode).toBe((await core.call(desk, 'guests.passCode', { invitationId: id })).code);

    expect(await core.call(kiosk, 'kiosk.arrival', { ticket: checkIn.ticket })).toEqual({
      invitationId: id,
      pending: true,
      tappedAt: checkIn.tappedAt,
      hostName: 'Ada Lovelace',
      doorPin: null,
    });

    await runtime.engine.deliver();
    const arrival = await core.call(kiosk, 'kiosk.arrival', { ticket: checkIn.ticket });
    const servicePin = (
      JSON.parse(
        (service.db.prepare('SELECT access_control FROM check_ins WHERE id = ?').get(id) as { access_control: string })
          .access_control,
      ) as { pin: string }
    ).pin;
    expect(servicePin).toMatch(/^\d{6}$/);
    // The desk sees the tap time too, beside the service's own arrival (the time the check-in reached it).
    const detail = await core.call(desk, 'guests.get', { invitationId: id });
    expect(detail).toMatchObject({ tappedAt: checkIn.tappedAt, pending: false });
    expect(Date.parse(detail!.arrivedAt!)).toBeGreaterThanOrEqual(Date.parse(checkIn.tappedAt));
    expect(arrival).toEqual({
      invitationId: id,
      pending: false,
      tappedAt: checkIn.tappedAt,
      hostName: 'Ada Lovelace',
      doorPin: servicePin,
    });
  });

  it('refuses the arrival of a check-in to any other session, and of a guest never checked in here', async () => {
    const id = today[0]!;
    // Another session holding this session's ticket, or a ticket of its own for the guest.
    const ticket = await ticketOf(kiosk, 'Jörg Müller', id);
    for (const [session, its] of [
      [otherKiosk, ticket],
      [desk, ticket],
      [otherKiosk, await ticketOf(otherKiosk, 'Jörg Müller', id)],
    ] as const)
      await expect(core.call(session, 'kiosk.arrival', { ticket: its })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    await expect(
      core.call(kiosk, 'kiosk.arrival', { ticket: await ticketOf(kiosk, 'Ada Kiosktest', today[1]!) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
