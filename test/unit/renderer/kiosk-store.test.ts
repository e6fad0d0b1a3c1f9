import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskGuest } from '../../../shared/contract/kiosk.ts';

const call = vi.fn();
vi.mock('../../../renderer/src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { call: (...args: unknown[]) => call(...args), subscribe: () => () => {} },
}));

const { ApiCallError } = await import('../../../renderer/src/lib/api.ts');
const { useKiosk, problemOf, ARRIVAL_POLL_MS, ARRIVAL_POLLS } =
  await import('../../../renderer/src/features/kiosk/kiosk-store.ts');

const guest = (patch: Partial<KioskGuest> = {}): KioskGuest => ({
  invitationId: 7,
  state: 'EXPECTED',
  category: 'expected',
  pending: false,
  firstName: 'Maria',
  lastName: 'Popa',
  companyName: 'Soluciones Ibéricas S.L.',
  language: 'RO',
  eventName: 'Workshop',
  startsAt: '2026-11-22T10:00:00.000Z',
  endsAt: '2026-11-22T12:00:00.000Z',
  ticket: 'ticket-of-7',
  ...patch,
});

describe('kiosk store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    call.mockReset();
    call.mockImplementation(async (name: string) => {
      if (name === 'kiosk.settings')
        return { defaultLanguage: 'DE', welcomeTitle: 'Welcome', idleSeconds: 60, allowCheckOut: true };
      throw new Error(`unexpected ${name}`);
    });
    useKiosk.getState().reset();
  });
  afterEach(() => vi.useRealTimers());

  it('starts in the default language of the settings', async () => {
    await useKiosk.getState().loadSettings();
    expect(useKiosk.getState().language).toBe('DE');
  });

  it('looks a name up at every keystroke, without waiting, from two letters (or one Chinese character)', async () => {
    call.mockImplementation(async (name: string, input: { text: string }) =>
      name === 'kiosk.lookup' ? [guest({ firstName: input.text })] : undefined,
    );
    const { setQuery } = useKiosk.getState();
    setQuery('M');
    await vi.advanceTimersByTimeAsync(500);
    expect(call).not.toHaveBeenCalledWith('kiosk.lookup', expect.anything());
    setQuery('Ma');
    expect(call).toHaveBeenCalledWith('kiosk.lookup', { text: 'Ma' });
    expect(useKiosk.getState().searching).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(useKiosk.getState().results.map((g) => g.firstName)).toEqual(['Ma']);
    expect(useKiosk.getState().searching).toBe(false);
    setQuery('超');
    expect(call).toHaveBeenCalledWith('kiosk.lookup', { text: '超' });
  });

  it('asks one question at a time: while one is on its way only the newest text waits', async () => {
    const answers: ((value: KioskGuest[]) => void)[] = [];
    call.mockImplementation(
      (name: string) =>
        new Promise((resolve) => (name === 'kiosk.lookup' ? answers.push(resolve) : resolve(undefined))),
    );
    const { setQuery } = useKiosk.getState();
    setQuery('Ma');
    setQuery('Mar');
    setQuery('Mari');
    expect(call.mock.calls.filter(([name]) => name === 'kiosk.lookup')).toEqual([['kiosk.lookup', { text: 'Ma' }]]);
    answers[0]!([guest({ firstName: 'stale' })]);
    await vi.advanceTimersByTimeAsync(0);
    // The answer to "Ma" is not shown: the field says "Mari" now.
    expect(useKiosk.getState().results).toEqual([]);
    expect(call.mock.calls.filter(([name]) => name === 'kiosk.lookup').map(([, input]) => input)).toEqual([
      { text: 'Ma' },
      { text: 'Mari' },
    ]);
    answers[1]!([guest({ firstName: 'Maria' })]);
    await vi.advanceTimersByTimeAsync(0);
    expect(useKiosk.getState().results.map((g) => g.firstName)).toEqual(['Maria']);
    expect(useKiosk.getState().searchedText).toBe('Mari');
  });

  it('treats a typed code ending in Enter as a scanned invitation', async () => {
    call.mockImplementation(async (name: string) => (name === 'kiosk.byCode' ? guest() : undefined));
    useKiosk.getState().setQuery('FOYER-7');
    await vi.advanceTimersByTimeAsync(500);
    expect(call).not.toHaveBeenCalledWith('kiosk.lookup', expect.anything());
    await useKiosk.getState().submitQuery();
    expect(call).toHaveBeenCalledWith('kiosk.byCode', { code: 'FOYER-7' });
    expect(useKiosk.getState().step.kind).toBe('confirm');
  });

  it('offers the found guest their invitation language without switching, and "not me" keeps the guest’s own', async () => {
    await useKiosk.getState().loadSettings();
    useKiosk.getState().setLanguage('FR');
    useKiosk.getState().choose(guest({ language: 'RO' }));
    expect(useKiosk.getState().language).toBe('FR');
    expect(useKiosk.getState().offeredLanguage).toBe('RO');
    useKiosk.getState().acceptOfferedLanguage();
    expect(useKiosk.getState().language).toBe('RO');
    useKiosk.getState().back();
    expect(useKiosk.getState().language).toBe('FR');
    expect(useKiosk.getState().offeredLanguage).toBeNull();

    useKiosk.getState().choose(guest({ language: 'FR' }));
    expect(useKiosk.getState().offeredLanguage).toBeNull();
    useKiosk.getState().choose(guest({ language: null }));
    expect(useKiosk.getState().offeredLanguage).toBeNull();
    useKiosk.getState().reset();
    expect(useKiosk.getState().language).toBe('DE');
    expect(useKiosk.getState().step.kind).toBe('start');
  });

  it('closes every sheet on reset', () => {
    useKiosk.getState().openSheet('language');
    expect(useKiosk.getState().sheet).toBe('language');
    useKiosk.getState().reset();
    expect(useKiosk.getState().sheet).toBeNull();
  });

  it('checks in, shows the answer at once, and asks for the door PIN until the service has answered', async () => {
    let polls = 0;
    call.mockImplementation(async (name: string) => {
      if (name === 'kiosk.checkIn')
        return {
          ...guest({ category: 'onsite', state: 'CHECKED_IN', pending: true }),
          tappedAt: '2026-11-22T09:58:00.000Z',
          hostName: 'Jonas Weber',
          passCode: 'F1-7-ABCDEFGH',
          ticket: 'ticket-after-check-in',
        };
      if (name === 'kiosk.arrival') {
        polls++;
        const answered = polls >= 3;
        return {
          invitationId: 7,
          pending: !answered,
          tappedAt: '2026-11-22T09:58:00.000Z',
          hostName: 'Jonas Weber',
          doorPin: answered ? '482913' : null,
        };
      }
      return undefined;
    });
    useKiosk.getState().choose(guest());
    await useKiosk.getState().confirm('checkIn');
    let { step } = useKiosk.getState();
    expect(step.kind).toBe('done');
    if (step.kind !== 'done') return;
    expect(step.guest.pending).toBe(true);
    expect(step.checkIn?.hostName).toBe('Jonas Weber');
    expect(step.following).toBe(true);
    // The kiosk acts with the ticket the core gave with the guest, never the bare id.
    expect(call).toHaveBeenCalledWith('kiosk.checkIn', { ticket: 'ticket-of-7' });

    await vi.advanceTimersByTimeAsync(ARRIVAL_POLL_MS * ARRIVAL_POLLS);
    step = useKiosk.getState().step;
    if (step.kind !== 'done') throw new Error('left the done screen');
    expect(polls).toBe(3);
    expect(step.arrival?.doorPin).toBe('482913');
    expect(step.guest.pending).toBe(false);
    expect(step.following).toBe(false);
    expect(call.mock.calls.filter(([name]) => name === 'kiosk.arrival').map(([, input]) => input)).toEqual(
      Array(3).fill({ ticket: 'ticket-after-check-in' }),
    );
  });

  it('stops asking after a few seconds when the check-in stays queued (offline)', async () => {
    call.mockImplementation(async (name: string) => {
      if (name === 'kiosk.checkIn')
        return { ...guest({ pending: true }), tappedAt: '2026-11-22T09:58:00.000Z', hostName: null, passCode: 'x' };
      if (name === 'kiosk.arrival')
        return { invitationId: 7, pending: true, tappedAt: '2026-11-22T09:58:00.000Z', hostName: null, doorPin: null };
      return undefined;
    });
    useKiosk.getState().choose(guest());
    await useKiosk.getState().confirm('checkIn');
    await vi.advanceTimersByTimeAsync(ARRIVAL_POLL_MS * (ARRIVAL_POLLS + 2));
    const { step } = useKiosk.getState();
    expect(step.kind === 'done' && step.following).toBe(false);
    expect(call.mock.calls.filter(([name]) => name === 'kiosk.arrival')).toHaveLength(ARRIVAL_POLLS);
  });

  it('keeps a refusal as a message key, to be said in the guest’s language', async () => {
    call.mockImplementation(async () => {
      throw new ApiCallError('REFUSED', 'checking out is done at the reception desk here');
    });
    useKiosk.getState().choose(guest({ category: 'onsite' }));
    await useKiosk.getState().confirm('checkOut');
    expect(useKiosk.getState().step.kind).toBe('confirm');
    expect(useKiosk.getState().problem).toBe('errorRefused');
    expect(problemOf(new ApiCallError('NOT_FOUND', 'x'))).toBe('errorNotFound');
    expect(problemOf(new Error('boom'))).toBe('errorGeneric');
  });

  describe('when the guests changed elsewhere (another kiosk of the site, the desk)', () => {
    it('asks the shown results again, quietly, so a guest checked in elsewhere shows as checked in', async () => {
      let category: KioskGuest['category'] = 'expected';
      call.mockImplementation(async (name: string) => (name === 'kiosk.lookup' ? [guest({ category })] : undefined));
      useKiosk.getState().setQuery('Mar');
      await vi.advanceTimersByTimeAsync(0);
      expect(useKiosk.getState().results[0]?.category).toBe('expected');
      category = 'onsite';
      const refreshing = useKiosk.getState().refreshShown();
      // No "Searching…" flicker on a screen the guest is reading.
      expect(useKiosk.getState().searching).toBe(false);
      await refreshing;
      expect(useKiosk.getState().results[0]?.category).toBe('onsite');
      expect(call).toHaveBeenLastCalledWith('kiosk.lookup', { text: 'Mar' });
    });

    it('lets a newer keystroke win over the refresh', async () => {
      let answer: (value: KioskGuest[]) => void = () => {};
      call.mockImplementation(
        (name: string) =>
          new Promise((resolve) => {
            if (name === 'kiosk.lookup') answer = resolve;
          }),
      );
      useKiosk.getState().setQuery('Ma');
      answer([guest()]);
      await vi.advanceTimersByTimeAsync(0);
      const refreshing = useKiosk.getState().refreshShown();
      useKiosk.getState().setQuery('Mar');
      answer([guest({ firstName: 'stale' })]);
      await vi.advanceTimersByTimeAsync(0);
      answer([guest({ firstName: 'Maria' })]);
      await refreshing;
      await vi.advanceTimersByTimeAsync(0);
      expect(useKiosk.getState().results.map((g) => g.firstName)).toEqual(['Maria']);
    });

    it('updates the guest on the confirm screen, found by name or by code', async () => {
      call.mockImplementation(async (name: string) =>
        name === 'kiosk.lookup'
          ? [guest({ invitationId: 8 }), guest({ category: 'onsite' })]
          : name === 'kiosk.byCode'
            ? guest({ category: 'left' })
            : undefined,
      );
      useKiosk.getState().setQuery('Maria');
      await vi.advanceTimersByTimeAsync(0);
      useKiosk.getState().choose(guest());
      await useKiosk.getState().refreshShown();
      let { step } = useKiosk.getState();
      expect(step.kind === 'confirm' && step.guest.category).toBe('onsite');

      useKiosk.getState().back();
      await useKiosk.getState().findByCode('FOYER-7');
      await useKiosk.getState().refreshShown();
      step = useKiosk.getState().step;
      expect(step.kind === 'confirm' && step.guest.category).toBe('left');
      expect(call).toHaveBeenLastCalledWith('kiosk.byCode', { code: 'FOYER-7' });
    });
  });
});
