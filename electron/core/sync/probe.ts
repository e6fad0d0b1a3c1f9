/**
 * Whether the service can be reached, when nothing else says so. The status
 * moves with every pull and delivery; with none due (every interval long, the
 * outbox empty) it said "Online" long after the service had gone (issue 30).
 * So, every second, unless a request has reached the service in the last
 * `quietMs`, one cheap request asks: one group of the access profile listing,
 * sent once (no retry), with a short timeout. Its answer moves the status as
 * a pull's would (statusAfterFailure): gone when it cannot be reached within 5 s,
 * back within 5 s of its return.
 */
import { ApiError } from '../api/errors.ts';
import type { ApiClient } from '../api/client.ts';
import { iso, SECOND } from '../../../shared/time.ts';
import type { StatusStore } from './status.ts';

export const PROBE = {
  /** How often it looks whether a probe is due. */
  everyMs: SECOND,
  /** A request that reached the service this recently says enough: no probe. */
  quietMs: 2 * SECOND,
  /** How long the probe waits for an answer: a LAN or internet round trip for one small page, with room. */
  timeoutMs: 1.5 * SECOND,
};

/**
 * What a failed request makes of the status, the one rule for pulls and the
 * probe: the service cannot be reached (network, timeout) or refuses the
 * token: offline; anything else that answered (a 5xx, a 404) is there, if not
 * as hoped; what is no ApiError (a bug, a full disk) says nothing of it.
 */
export function statusAfterFailure(error: unknown, at: string) {
  if (!(error instanceof ApiError)) return {};
  if (error.kind === 'unauthorized') return { online: false, tokenRejected: true };
  if (error.kind === 'network' || error.kind === 'timeout') return { online: false };
  return { online: true, lastOnlineAt: at };
}

export interface ProbeDeps {
  api: ApiClient;
  now: () => number;
  /** The one status: read for when a request last reached the service (lastOnlineAt), moved by the answer. */
  status: StatusStore;
  /** The service answered with the token accepted (so that what waited for it is sent). */
  reached(): void;
}

export function createProbe(deps: ProbeDeps) {
  const { status, now } = deps;
  let inFlight: Promise<void> | undefined;
  let stopped = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  /** When the probe last had an answer: it moves the status only when that changes something (no event a second). */
  let answeredAt = -Infinity;

  /** The service answered: online, if it was not. */
  function answered(): void {
    answeredAt = now();
    if (status.get().online !== true) status.update({ online: true, lastOnlineAt: iso(answeredAt) });
  }

  /** One look: a probe when none is under way and nothing reached the service lately. */
  function tick(): Promise<void> {
    if (inFlight) return inFlight;
    const last = Math.max(answeredAt, Date.parse(status.get().lastOnlineAt ?? '') || -Infinity);
    if (now() - last < PROBE.quietMs) return Promise.resolve();
    const signal = AbortSignal.any([stopped.signal, AbortSignal.timeout(PROBE.timeoutMs)]);
    inFlight = deps.api
      .call(endpoint, { query: { limit: 1, offset: 0 } }, { retry: ONCE, signal })
      .then(
        () => {
          deps.reached();
          answered();
        },
        (error: unknown) => {
          if (stopped.signal.aborted) return;
          // The probe's own timeout aborts the request: no answer in time, as a timeout of the client's.
          const failure =
            error instanceof ApiError ? error : new ApiError({ kind: 'timeout', endpoint, message: 'no answer' });
          const patch = statusAfterFailure(failure, iso(now()));
          if (patch.online) return answered();
          const current = status.get();
          if (Object.entries(patch).every(([key, value]) => current[key as keyof typeof current] === value)) return;
          // Offline since the last answer, the probe's or a pull's.
          const lastOnlineAt = answeredAt > Date.parse(current.lastOnlineAt ?? '') ? iso(answeredAt) : undefined;
          status.update({ ...patch, ...(lastOnlineAt ? { lastOnlineAt } : {}) });
        },
      )
      .finally(() => (inFlight = undefined));
    return inFlight;
  }

  return {
    tick,
    start(): void {
      if (timer) return;
      if (stopped.signal.aborted) stopped = new AbortController();
      timer = setInterval(() => void tick(), PROBE.everyMs);
      timer.unref();
    },
    /** Stops the timer and the probe under way; resolves when it has ended. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      stopped.abort(new Error('probe stopped'));
      await inFlight;
    },
  };
}

const ONCE = { retries: 0, baseDelayMs: 1, maxDelayMs: 1 };
const endpoint = 'listAccessProfileGroups';
