/**
 * Reading a check-in back from the service, to learn what it shows before a
 * transition is sent again (an attempt whose answer was lost) or after one
 * was refused (409: the service may already show what the desk asked for,
 * when someone else made the same change first).
 */
import { LIMITS, type CheckIn } from '../../../shared/api/index.ts';
import { categoryOf, type FlowConfig } from '../../../shared/domain/flow.ts';
import type { ApiClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { walkPages } from '../api/pager.ts';
import type { TransitionPayload } from './payloads.ts';

/** The check-in's state at the service; `checkIn` is null when the listing does not show it (the initial state). */
export interface ServiceView {
  state: string;
  checkIn: CheckIn | null;
}

/** The listing shows only on-site and left guests; absent means the initial state. */
export async function readBack(
  api: ApiClient,
  payload: TransitionPayload,
  initialState: string,
  signal?: AbortSignal,
): Promise<ServiceView> {
  let found: CheckIn | undefined;
  await walkPages<CheckIn>({
    pageSize: LIMITS.checkIns.maxLimit,
    signal,
    idOf: (c) => c.id,
    fetchPage: async (offset, limit, pageSignal) => {
      const page = await api.call(
        'listCheckIns',
        { params: { locationId: payload.locationId }, query: { limit, offset } },
        { signal: pageSignal },
      );
      return { items: page.checkIns, totalCount: page.pageInfo.totalCount };
    },
    onPage: (items) => {
      found ??= items.find((c) => c.id === payload.checkInId);
    },
  });
  return found ? { state: found.state, checkIn: found } : { state: initialState, checkIn: null };
}

/** What the service shows, as a record the mirror can take (a minimal one when the listing does not show it). */
export const recordOf = (view: ServiceView, payload: TransitionPayload): CheckIn =>
  view.checkIn ?? ({ id: payload.checkInId, state: view.state } as CheckIn);

const CATEGORY_WORDS = { expected: 'expected', onsite: 'on site', left: 'left' } as const;

/**
 * A transition the service refused although the guest is not in the state it
 * was planned from: the guest changed at the service meanwhile. It carries
 * what the service shows, so that the mirror takes it and a retry is planned
 * from it, and says so in words.
 */
export class TransitionConflict extends ApiError {
  constructor(
    refusal: ApiError,
    readonly view: ServiceView,
    flow: FlowConfig,
  ) {
    const category = categoryOf(view.state, flow);
    const words = category in CATEGORY_WORDS ? CATEGORY_WORDS[category as keyof typeof CATEGORY_WORDS] : view.state;
    super({
      kind: refusal.kind,
      status: refusal.status,
      code: refusal.code,
      endpoint: refusal.endpoint,
      message: `${refusal.endpoint}: ${refusal.status} ${refusal.code}: the service already shows this guest as ${words} (${view.state})`,
      cause: refusal,
    });
    this.name = 'TransitionConflict';
  }
}

/** The service's refusal of a transition because of the guest's state (or the clock). */
export const isInvalidTransition = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === 'INVALID_TRANSITION';
