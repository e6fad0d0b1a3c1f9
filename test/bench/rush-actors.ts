/**
 * The people of the morning rush, each on a paired device as its screen
 * would act: a guest at a kiosk types their name a letter at a time (a
 * lookup per keystroke from the second letter, as the kiosk asks), sees
 * themselves, ticks their party and taps (the check-ins one after another,
 * as the kiosk sends them), and the success screen follows the arrival; a
 * walk-in registers and waits for the desk; a guest leaving checks out. The
 * kiosk hears its event stream as its screen does: when the guests or the
 * mirror move (at most every GUESTS_EVERY_MS and RELOAD_EVERY_MS, as its
 * screen does: renderer/src/stores/pace.ts), it asks again for what it shows
 * (the lookup of the text typed, or the arrival), and the evacuation state.
 * Desks hear the event stream and do what the desk's screen does with it:
 * on the guests' changes, at most every GUESTS_EVERY_MS (the screen's throttle),
 * take what changed (guests.changes), the overview and the arrivals strip;
 * one approves walk-ins, two search all the while.
 */
import type { DeskGuest } from '../../shared/contract/guests.ts';
import type { KioskGuest, KioskPartyMember } from '../../shared/contract/kiosk.ts';
import { localMidnight, nextLocalMidnight } from '../../shared/time.ts';
import { oneAtATime } from '../../renderer/src/lib/latest.ts';
import { throttle } from '../../renderer/src/lib/throttle.ts';
import { GUESTS_EVERY_MS, RELOAD_EVERY_MS } from '../../renderer/src/stores/pace.ts';
import { ARRIVAL_POLL_MS, ARRIVAL_POLLS } from '../../renderer/src/features/kiosk/kiosk-store.ts';
import { WALK_IN_POLL_MS } from '../../renderer/src/domains/walk-ins/kiosk/walk-in-store.ts';
import { type DeviceClient, PINS } from '../support/hub-site.ts';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** What the rush measures, as it happens. Times are Date.now() ms. */
export class RushRecord {
  lookups: number[] = [];
  /** A tap to the success screen: the guest's check-in and those of the party ticked with them. */
  taps: number[] = [];
  /** Each kiosk.checkIn alone. */
  checkInCalls: number[] = [];
  checkOuts: number[] = [];
  searches: number[] = [];
  /** A kiosk asking again for what it shows, when the guests or the mirror moved. */
  refreshes: number[] = [];
  /** Walk-ins: the desk's approve sent, and the kiosk seeing the approval, by the walk-in's company. */
  approvedAt = new Map<string, number>();
  welcomedAt = new Map<string, number>();
  /** Kiosk check-ins: invitation id → when the tap was sent. */
  tappedAt = new Map<number, number>();
  /** Per desk: invitation id → when its list first showed the guest on site (the screen's throttle included). */
  onDesk: Map<number, number>[] = [];
  /** Per desk: the guests-changed events as received (version, Date.now()). */
  heard: { version: number; at: number }[][] = [];
  errors = new Map<string, number>();
  examples: string[] = [];
  /**
   * Desks whose screen locked after the site's idle time (staffIdleMinutes: a desk that only reads does not stay
   * unlocked) and that their receptionist unlocked again with the PIN, as the desk's PIN pad asks: not errors.
   */
  idleLocks = 0;
  /** A desk's device → how its receptionist unlocks it again (Desk). */
  readonly unlockers = new Map<DeviceClient, () => Promise<void>>();

  error(what: string, detail: string) {
    this.errors.set(what, (this.errors.get(what) ?? 0) + 1);
    if (this.examples.length < 12) this.examples.push(`${what}: ${detail.slice(0, 300)}`);
  }

  /** Calls the operation; the answer's body, or undefined (recorded as an error). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call(device: DeviceClient, name: string, input: unknown, samples?: number[]): Promise<any> {
    const started = performance.now();
    try {
      let answer = await device.send('POST', `/app/${name}`, { body: input });
      const unlock = this.unlockers.get(device);
      if (answer.status === 403 && answer.body?.error?.code === 'FORBIDDEN' && unlock) {
        // The call that found the desk locked: the screen shows its PIN pad, the receptionist types the PIN.
        await unlock();
        answer = await device.send('POST', `/app/${name}`, { body: input });
      }
      if (answer.status !== 200) {
        this.error(`${name} ${answer.status} ${answer.body?.error?.code ?? ''}`.trim(), answer.text);
        return undefined;
      }
      samples?.push(performance.now() - started);
      return answer.body;
    } catch (error) {
      this.error(`${name} ${(error as Error).name}`, (error as Error).message);
      return undefined;
    }
  }
}

/** How long people take, at the rush's scale (1: the real 15 minutes). */
export interface Pace {
  keyMs: number;
  readMs: number;
  formMs: number;
  approveMs: number;
  searchKeyMs: number;
  searchPauseMs: number;
}

export const paceAt = (scale: number): Pace => ({
  keyMs: 300 * scale,
  readMs: 1_500 * scale,
  formMs: 20_000 * scale,
  approveMs: 4_000 * scale,
  searchKeyMs: 180 * scale,
  searchPauseMs: 4_000 * scale,
});

export const today = (at = Date.now()) => ({
  from: new Date(localMidnight(at)).toISOString(),
  to: new Date(nextLocalMidnight(at)).toISOString(),
});

export class Kiosk {
  private visit = 0;
  /** What the screen shows: the text typed, or the success screen's ticket (null: neither). */
  private typed: string | null = null;
  private following: string | null = null;
  stream: Awaited<ReturnType<DeviceClient['events']>> | undefined;
  private readonly refresh = () => {
    if (this.typed !== null && this.typed.trim().length >= 2)
      void this.record.call(this.device, 'kiosk.lookup', { text: this.typed }, this.record.refreshes);
    else if (this.following !== null)
      void this.record.call(this.device, 'kiosk.arrival', { ticket: this.following }, this.record.refreshes);
  };
  private readonly guestsMoved = throttle(this.refresh, GUESTS_EVERY_MS);
  private readonly mirrorMoved = throttle(() => {
    this.refresh();
    void this.record.call(this.device, 'evacuation.state', {});
  }, RELOAD_EVERY_MS);

  constructor(
    readonly device: DeviceClient,
    private readonly record: RushRecord,
    private readonly pace: Pace,
  ) {}

  async open() {
    this.stream = await this.device.events((event) => {
      if (event.type === 'guests-changed') this.guestsMoved();
      else if (event.type === 'mirror-changed') this.mirrorMoved();
    });
  }

  close() {
    this.guestsMoved.cancel();
    this.mirrorMoved.cancel();
  }

  /** Types the family name, then the first name, a letter at a time until the guest sees themselves. */
  async find(guest: { firstName: string; lastName: string }, eventName: string): Promise<KioskGuest | undefined> {
    const text = `${guest.lastName} ${guest.firstName}`.toLowerCase();
    let found: KioskGuest | undefined;
    const asked: Promise<void>[] = [];
    this.following = null;
    for (let i = 1; i <= text.length && !found; i++) {
      const typed = text.slice(0, i);
      this.typed = typed;
      if (typed.trim().length >= 2 && !typed.endsWith(' '))
        asked.push(
          this.record.call(this.device, 'kiosk.lookup', { text: typed }, this.record.lookups).then((list) => {
            found ??= (list as KioskGuest[] | undefined)?.find(
              (g) => g.firstName === guest.firstName && g.lastName === guest.lastName && g.eventName === eventName,
            );
          }),
        );
      await sleep(this.pace.keyMs);
    }
    await Promise.all(asked);
    this.typed = null;
    return found;
  }

  async party(lead: { firstName: string; lastName: string }, eventName: string) {
    const visit = ++this.visit;
    const guest = await this.find(lead, eventName);
    if (!guest) return this.record.error('guest not found at the kiosk', `${lead.lastName} ${lead.firstName}`);
    const others = ((await this.record.call(this.device, 'kiosk.party', { ticket: guest.ticket })) ??
      []) as KioskPartyMember[];
    await sleep(this.pace.readMs);
    const tapped = performance.now();
    const tapAt = Date.now();
    const checkIn = await this.record.call(
      this.device,
      'kiosk.checkIn',
      { ticket: guest.ticket },
      this.record.checkInCalls,
    );
    if (!checkIn) return;
    this.record.tappedAt.set(checkIn.invitationId as number, tapAt);
    for (const member of others) {
      const memberAt = Date.now();
      const answer = await this.record.call(
        this.device,
        'kiosk.checkIn',
        { ticket: member.ticket },
        this.record.checkInCalls,
      );
      if (answer) this.record.tappedAt.set(answer.invitationId as number, memberAt);
    }
    this.record.taps.push(performance.now() - tapped);
    this.following = checkIn.ticket as string;
    void this.followArrival(visit, checkIn.ticket as string);
  }

  /** The success screen asks for the arrival while it is pending, until the next guest starts. */
  private async followArrival(visit: number, ticket: string) {
    for (let poll = 0; poll < ARRIVAL_POLLS; poll++) {
      await sleep(poll === 0 ? ARRIVAL_POLL_MS / 4 : ARRIVAL_POLL_MS);
      if (visit !== this.visit) return;
      const arrival = await this.record.call(this.device, 'kiosk.arrival', { ticket });
      if (!arrival || arrival.pending === false) return;
    }
  }

  async checkOut(guest: { firstName: string; lastName: string }, eventName: string) {
    this.visit++;
    const found = await this.find(guest, eventName);
    if (!found) return this.record.error('leaving guest not found at the kiosk', `${guest.lastName}`);
    await sleep(this.pace.readMs);
    await this.record.call(this.device, 'kiosk.checkOut', { ticket: found.ticket }, this.record.checkOuts);
  }

  async walkIn(visitor: { firstName: string; lastName: string; companyName: string }) {
    this.visit++;
    // Looked for first (not on the list), then "I'm not on the list", the host and the form.
    await this.find(visitor, '(none)');
    const hosts = await this.record.call(this.device, 'walkIns.hosts', { text: 'lov' });
    const host = (hosts as { hostTicket: string }[] | undefined)?.[0];
    if (!host) return this.record.error('walk-in: no host', JSON.stringify(hosts));
    await sleep(this.pace.formMs);
    const asked = await this.record.call(this.device, 'walkIns.request', {
      ...visitor,
      hostTicket: host.hostTicket,
      language: 'EN',
    });
    if (!asked) return;
    // The kiosk asks for the outcome every WALK_IN_POLL_MS, as its screen does.
    for (let polls = 0; polls < 120_000 / WALK_IN_POLL_MS; polls++) {
      await sleep(WALK_IN_POLL_MS);
      const status = await this.record.call(this.device, 'walkIns.status', { requestTicket: asked.requestTicket });
      if (status?.state === 'approved') return void this.record.welcomedAt.set(visitor.companyName, Date.now());
      if (status?.state === 'declined') return this.record.error('walk-in declined', visitor.companyName);
    }
    this.record.error('walk-in never approved', visitor.companyName);
  }
}

export class Desk {
  version = 0;
  private heardVersion = 0;
  private readonly onsite = new Map<number, number>();
  private readonly heard: { version: number; at: number }[] = [];
  private readonly handled = new Set<number>();
  stream: Awaited<ReturnType<DeviceClient['events']>> | undefined;
  stopped = false;

  constructor(
    readonly device: DeviceClient,
    private readonly record: RushRecord,
    private readonly pace: Pace,
    private readonly approves: boolean,
  ) {
    record.onDesk.push(this.onsite);
    record.heard.push(this.heard);
    record.unlockers.set(device, () => this.unlock());
  }

  private unlocking: Promise<void> | undefined;

  /** The receptionist types the desk's PIN on the pad the locked screen shows (once, however many calls found it locked). */
  private unlock(): Promise<void> {
    this.unlocking ??= (async () => {
      this.record.idleLocks++;
      const answer = await this.device.send('POST', '/app/session.unlock', { body: { pin: PINS.desk } });
      if (answer.status !== 200) this.record.error('session.unlock', answer.text);
    })().finally(() => (this.unlocking = undefined));
    return this.unlocking;
  }

  private seen(guests: readonly DeskGuest[], at: number) {
    for (const g of guests)
      if (g.category === 'onsite' && !this.onsite.has(g.invitationId)) this.onsite.set(g.invitationId, at);
  }

  /** Today's whole list (a reload), page by page. */
  private async reload() {
    for (let offset = 0; ; offset += 500) {
      const page = await this.record.call(this.device, 'guests.list', { ...today(), offset, limit: 500 });
      if (!page) return;
      if (offset === 0) this.version = Math.max(this.version, page.version as number);
      this.seen(page.guests as DeskGuest[], Date.now());
      if (offset + 500 >= (page.total as number)) return;
    }
  }

  private readonly changes = oneAtATime<number>(async (version) => {
    if (version <= this.version) return;
    const delta = await this.record.call(this.device, 'guests.changes', { ...today(), since: this.version });
    if (!delta) return;
    if (delta.reload) await this.reload();
    else {
      this.version = Math.max(this.version, delta.version as number);
      this.seen(delta.changed as DeskGuest[], Date.now());
    }
  });

  /** What the desk's screen does when the guests move, at most every GUESTS_EVERY_MS (renderer/src/stores/pace.ts). */
  private readonly screens = throttle(() => {
    void this.changes.ask(this.heardVersion);
    void this.record.call(this.device, 'guests.overview', today());
    const since = new Date(localMidnight(Date.now())).toISOString();
    void this.record.call(this.device, 'arrivals.list', { since, limit: 10 });
  }, GUESTS_EVERY_MS);

  private readonly walkIns = oneAtATime<void>(async () => {
    const pending = ((await this.record.call(this.device, 'walkIns.pending', {})) ?? []) as {
      id: number;
      state: string;
      companyName: string | null;
    }[];
    for (const request of pending) {
      if (request.state !== 'requested' || this.handled.has(request.id)) continue;
      this.handled.add(request.id);
      void sleep(this.pace.approveMs).then(() => {
        this.record.approvedAt.set(request.companyName ?? '', Date.now());
        return this.record.call(this.device, 'walkIns.approve', { id: request.id });
      });
    }
  });

  async open() {
    await this.reload();
    this.stream = await this.device.events((event) => {
      if (event.type === 'guests-changed') {
        this.heard.push({ version: event.version, at: event.at });
        this.heardVersion = Math.max(this.heardVersion, event.version);
        this.screens();
      } else if (event.type === 'role' && event.role === 'kiosk') void this.unlock();
      else if (event.type === 'walk-ins-changed' && this.approves) void this.walkIns.ask();
    });
    if (this.approves) void this.walkIns.ask();
  }

  /** A receptionist searching all the while: a family name typed a letter at a time, the list asked as the desk asks it. */
  async search(names: readonly string[], until: number, random: () => number) {
    const ask = oneAtATime<string>(async (text) => {
      await this.record.call(
        this.device,
        'guests.list',
        { ...today(), text, sort: 'time', offset: 0, limit: 50 },
        this.record.searches,
      );
    });
    while (Date.now() < until && !this.stopped) {
      const name = names[Math.floor(random() * names.length)]!.toLowerCase();
      for (let i = 1; i <= name.length; i++) {
        void ask.ask(name.slice(0, i));
        await sleep(this.pace.searchKeyMs);
      }
      await sleep(this.pace.searchPauseMs);
    }
  }

  close() {
    this.stopped = true;
    this.screens.cancel();
  }
}
