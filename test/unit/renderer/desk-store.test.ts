import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeskGuest } from '../../../shared/contract/guests.ts';
import { until } from '../../support/until.ts';

const call = vi.fn();
vi.mock('../../../renderer/src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { call: (...args: unknown[]) => call(...args), subscribe: () => () => {} },
}));

const { ApiCallError } = await import('../../../renderer/src/lib/api.ts');
const { useDesk, viewOf, shownCategory } = await import('../../../renderer/src/features/desk/desk-store.ts');
const { withGuest, resized } = await import('../../../renderer/src/features/desk/desk-rows.ts');

const guest = (id: number, patch: Partial<DeskGuest> = {}): DeskGuest => ({
  invitationId: id,
  state: 'INVITED',
  category: 'expected',
  pending: false,
  firstName: 'Maria',
  lastName: `Popa${id}`,
  email: null,
  companyName: null,
  language: null,
  eventId: 1,
  eventName: 'Visit',
  startsAt: '2026-11-25T09:00:00.000Z',
  endsAt: '2026-11-25T17:00:00.000Z',
  locationId: 10,
  hostId: null,
  arrivedAt: null,
  leftAt: null,
  undoUntil: null,
  hostName: null,
  ...patch,
});
const counts = { expected: 2, onsite: 1, left: 0, other: 0 };
const page = (guests: DeskGuest[], version = 1) => ({ version, total: guests.length, counts, offset: 0, guests });

/** A request answered when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}
const lastListInput = () => call.mock.calls.filter(([op]) => op === 'guests.list').at(-1)?.[1];

beforeEach(() => {
  call.mockReset();
  useDesk.getState().clear();
});

describe('the desk’s view', () => {
  const base = {
    day: '2026-11-25',
    category: 'expected',
    searchCategory: null,
    hostId: 3,
    eventId: 4,
    sort: 'time',
  } as const;

  it('asks for the day’s tab and filters without a search', () => {
    expect(viewOf({ ...base, query: '' } as const)).toMatchObject({ category: 'expected', hostId: 3, eventId: 4 });
  });

  it('asks for every category with a search, unless a tab narrows it; filters do not apply', () => {
    const searching = viewOf({ ...base, query: ' müller ' } as const);
    expect(searching).not.toHaveProperty('category');
    expect(searching).not.toHaveProperty('hostId');
    expect(searching).toMatchObject({ text: 'müller' });
    expect(viewOf({ ...base, query: 'müller', searchCategory: 'onsite' } as const)).toMatchObject({
      category: 'onsite',
    });
  });

  it('starts a search over every category, narrows it by tab, and goes back to the day’s tab when cleared', async () => {
    call.mockResolvedValue(page([guest(1)]));
    useDesk.getState().setCategory('left');
    useDesk.getState().setQuery('ma');
    expect(shownCategory(useDesk.getState())).toBeNull();
    useDesk.getState().setCategory('onsite');
    expect(shownCategory(useDesk.getState())).toBe('onsite');
    // Typing on keeps the narrowing; a cleared search shows the tab chosen before.
    useDesk.getState().setQuery('mar');
    expect(shownCategory(useDesk.getState())).toBe('onsite');
    useDesk.getState().setQuery('');
    expect(shownCategory(useDesk.getState())).toBe('left');
    useDesk.getState().setQuery('popa');
    expect(shownCategory(useDesk.getState())).toBeNull();
    await until(() => lastListInput()?.text === 'popa', 'the list asked for "popa"');
    expect(lastListInput()).not.toHaveProperty('category');
  });

  it('makes one request for the keystrokes typed while a view loads, for the text typed by then', async () => {
    const first = deferred<ReturnType<typeof page>>();
    call.mockImplementation((op: string, input: { text?: string }) =>
      op !== 'guests.list' ? new Promise(() => {}) : input.text ? Promise.resolve(page([guest(2)], 2)) : first.promise,
    );
    const loading = useDesk.getState().load();
    for (const text of ['p', 'po', 'popa2']) useDesk.getState().setQuery(text);
    first.resolve(page([guest(1)], 1));
    await loading;
    expect(call.mock.calls.filter(([op]) => op === 'guests.list').map(([, input]) => input.text)).toEqual([
      undefined,
      'popa2',
    ]);
    expect(useDesk.getState().rows.map((g) => g?.invitationId)).toEqual([2]);
    expect(useDesk.getState().shownQuery).toBe('popa2');
  });

  it('drops an answer that arrives after the desk was locked (cleared)', async () => {
    const first = deferred<ReturnType<typeof page>>();
    call.mockImplementation((op: string) => (op === 'guests.list' ? first.promise : new Promise(() => {})));
    const loading = useDesk.getState().load();
    useDesk.getState().clear();
    first.resolve(page([guest(1)], 1));
    await loading;
    expect(useDesk.getState().rows).toEqual([]);
    expect(useDesk.getState().loaded).toBe(false);
  });
});

describe('the desk’s transitions', () => {
  beforeEach(async () => {
    call.mockResolvedValue(page([guest(1), guest(2)]));
    await useDesk.getState().load();
    call.mockReset();
  });

  it('shows the guest as the core answers at once, with an undo for a check-out', async () => {
    const left = guest(1, { category: 'left', state: 'CHECKED_OUT', undoUntil: '2026-11-25T10:00:10.000Z' });
    call.mockResolvedValueOnce(left);
    await useDesk.getState().transition(1, 'checkOut');
    expect(call).toHaveBeenCalledWith('guests.transition', { invitationId: 1, action: 'checkOut' });
    expect(useDesk.getState().rows[0]).toEqual(left);
    expect(useDesk.getState().notice).toMatchObject({
      tone: 'info',
      text: 'Maria Popa1 checked out.',
      undo: { invitationId: 1, until: left.undoUntil },
    });
    expect(useDesk.getState().busy).toEqual({});
  });

  it('says a refusal as a sentence and leaves the row as it was', async () => {
    call.mockRejectedValueOnce(new ApiCallError('REFUSED', 'the event ended at 17:00'));
    await useDesk.getState().transition(2, 'checkIn');
    expect(useDesk.getState().notice).toMatchObject({ tone: 'error', text: 'The event ended at 17:00' });
    expect(useDesk.getState().rows[1]).toEqual(guest(2));
  });
});

describe('the desk’s conflicts and evacuation list', () => {
  it('dismisses a conflict at once and brings it back when the core refuses', async () => {
    const conflict = { id: 7 };
    useDesk.setState({ conflicts: [conflict] as never });
    call.mockRejectedValueOnce(new ApiCallError('INTERNAL', 'disk full')).mockResolvedValueOnce([conflict]);
    await useDesk.getState().dismissConflict(7);
    expect(useDesk.getState().notice?.text).toBe('Could not dismiss: disk full');
    await until(() => useDesk.getState().conflicts.length > 0, 'the conflicts read again');
    expect(useDesk.getState().conflicts).toEqual([conflict]);
  });

  it('shows the list this device kept when the hub is away, with when it was true', async () => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
    });
    try {
      const list = {
        generatedAt: '2026-11-25T10:00:00.000Z',
        lastSyncAt: null,
        location: { id: 10, name: 'Lobby' },
        guests: [{ ...guest(1, { category: 'onsite' }), visitEndedAt: null }],
      };
      call.mockResolvedValueOnce(list);
      await useDesk.getState().openEvacuation();
      expect(useDesk.getState().evacuationKeptAt).toBeNull();
      useDesk.getState().closeEvacuation();
      call.mockRejectedValueOnce(new ApiCallError('UNREACHABLE', 'the hub did not answer'));
      await useDesk.getState().openEvacuation();
      expect(useDesk.getState().evacuation).toEqual(list);
      expect(useDesk.getState().evacuationKeptAt).toEqual(expect.any(String));
      expect(useDesk.getState().notice).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says so when no list can be built and none was kept', async () => {
    call.mockRejectedValueOnce(new ApiCallError('INTERNAL', 'mirror closed'));
    await useDesk.getState().openEvacuation();
    expect(useDesk.getState().evacuation).toBeNull();
    expect(useDesk.getState().notice?.text).toBe('Could not build the evacuation list: mirror closed');
  });
});

describe('the desk’s rows', () => {
  it('replaces a loaded guest where they are and leaves rows not loaded alone', () => {
    const rows = resized([guest(1)], 3);
    expect(rows).toHaveLength(3);
    expect(withGuest(rows, guest(1, { pending: true }))?.[0]?.pending).toBe(true);
    expect(withGuest(rows, guest(9))).toBeUndefined();
  });
});
