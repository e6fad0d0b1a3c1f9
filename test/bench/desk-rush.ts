/**
 * A morning rush in the desk benchmark's own core (DESK_RUSH=1, issue 36):
 * while the desk in Chromium types, lobby kiosks look guests up a letter at
 * a time and check them in (`kiosk.lookup`, `kiosk.checkIn`, as the kiosk's
 * screen asks), and other desks' streams hear every event, each written out
 * as the browser host writes it. It shares the core's event loop with the
 * measured desk, as the kiosks and desks of a hub share the hub's.
 */
import { createSession } from '../../electron/core/access/session.ts';
import type { AppCore } from '../../electron/core/app/core.ts';
import type { AppEvent } from '../../shared/contract/events.ts';
import { localMidnight, nextLocalMidnight } from '../../shared/time.ts';

export interface DeskRushOptions {
  core: AppCore;
  now: () => number;
  kiosks: number;
  /** Other desks whose streams hear every event. */
  desks: number;
  /** A guest's pace at the kiosk: a key this often (the lookup from the second letter). */
  keyMs: number;
  /** Between one guest's check-in and the next one's first key. */
  nextGuestMs: number;
}

export interface DeskRush {
  stop(): Promise<{ lookups: number; checkIns: number; refused: number; streamBytes: number; ms: number }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the kiosks and streams; `stop` ends them once each kiosk finished its guest, and says what they did. */
export async function startDeskRush(options: DeskRushOptions): Promise<DeskRush> {
  const { core, now } = options;
  const staff = createSession('bench-rush-desk', 'desk', 'desk', 'ip:192.0.2.50');
  const day = {
    from: new Date(localMidnight(now())).toISOString(),
    to: new Date(nextLocalMidnight(now())).toISOString(),
  };
  // The day's expected guests, each kiosk its own share, in the order they come.
  const expected: string[] = [];
  for (let offset = 0; expected.length < 3_000; offset += 500) {
    const page = await core.call(staff, 'guests.list', { ...day, category: 'expected', offset, limit: 500 });
    for (const guest of page.guests) if (guest.lastName && guest.lastName.length >= 3) expected.push(guest.lastName);
    if (page.guests.length < 500) break;
  }
  let streamBytes = 0;
  const unsubscribe = Array.from({ length: options.desks }, (_, i) =>
    core.subscribe(
      (event: AppEvent) => void (streamBytes += `data: ${JSON.stringify(event)}\n\n`.length),
      createSession(`bench-rush-stream-${i}`, 'desk', 'desk', `ip:192.0.2.${60 + i}`),
    ),
  );
  const counts = { lookups: 0, checkIns: 0, refused: 0 };
  let running = true;
  const started = Date.now();
  const kiosk = async (index: number) => {
    const session = createSession(`bench-rush-kiosk-${index}`, 'kiosk', 'kiosk', `ip:192.0.2.${10 + index}`);
    for (let next = index; running && next < expected.length; next += options.kiosks) {
      const name = expected[next]!;
      let ticket: string | undefined;
      for (let letters = 1; letters <= Math.min(name.length, 8) && !ticket; letters++) {
        await sleep(options.keyMs);
        if (letters < 2) continue;
        try {
          counts.lookups++;
          const found = await core.call(session, 'kiosk.lookup', { text: name.slice(0, letters) });
          // The guest taps a row as soon as one with their family name shows (whichever of them it is).
          ticket = found.find((g) => g.lastName === name && g.category === 'expected')?.ticket;
        } catch {
          counts.refused++;
        }
      }
      if (!ticket) continue;
      try {
        await core.call(session, 'kiosk.checkIn', { ticket });
        counts.checkIns++;
      } catch {
        counts.refused++;
      }
      await sleep(options.nextGuestMs);
    }
  };
  const kiosks = Array.from({ length: options.kiosks }, (_, i) => kiosk(i));
  return {
    async stop() {
      running = false;
      await Promise.all(kiosks);
      for (const stop of unsubscribe) stop();
      return { ...counts, streamBytes, ms: Date.now() - started };
    },
  };
}
