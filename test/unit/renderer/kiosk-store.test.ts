import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskGuest } from '../../../shared/contract/operations.ts';

const call = vi.fn();
vi.mock('../../../renderer/src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { call: (...args: unknown[]) => call(...args), subscribe: () => () => {} },
}));

const { ApiCallError } = await import('../../../renderer/src/lib/api.ts');
const { useKiosk, LOOKUP_DEBOUNCE_MS, problemOf } = await import('../../../renderer/src/features/kiosk/kiosk-store.ts');

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

  it('looks a name up once the guest stops typing, and only from two letters', async () => {
    call.mockImplementation(async (name: string, input: { text: string }) =>
      name === 'kiosk.lookup' ? [guest({ firstName: input.text })] : undefined,
    );
    const { setQuery } = useKiosk.getState();
    setQuery('M');
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS * 2);
    expect(call).not.toHaveBeenCalledWith('kiosk.lookup', expect.anything());
    setQuery('Ma');
    setQuery('Mar');
    setQuery('Mari');
    expect(useKiosk.getState().searching).toBe(true);
    await vi.advanceTimersByTimeAsync(LOOKUP_DEBOUNCE_MS);
    const lookups = call.mock.calls.filter(([name]) => name === 'kiosk.lookup');
    expect(lookups).toEqual([['kiosk.lookup', { text: 'Mari' }]]);
    expect(useKiosk.getState().results.map((g) => g.firstName)).toEqual(['Mari']);
    expect(useKiosk.getState().searching).toBe(false);
  });

  it('treats a typed code ending in Enter as a scanned invitation', async () => {
    call.mockImplementation(async (name: string) => (name === 'kiosk.byCode' ? guest() : undefined));
    useKiosk.getState().setQuery('FOYER-7');
    vi.advanceTimersByTime(LOOKUP_DEBOUNCE_MS * 2);
    expect(call).not.toHaveBeenCalledWith('kiosk.lookup', expect.anything());
    await useKiosk.getState().submitQuery();
    expect(call).toHaveBeenCalledWith('kiosk.byCode', { code: 'FOYER-7' });
    expect(useKiosk.getState().step.kind).toBe('confirm');
  });

  it('speaks the language of the chosen guest, and goes back to the default on reset', async () => {
    await useKiosk.getState().loadSettings();
    useKiosk.getState().choose(guest({ language: 'RO' }));
    expect(useKiosk.getState().language).toBe('RO');
    useKiosk.getState().reset();
    expect(useKiosk.getState().language).toBe('DE');
    expect(useKiosk.getState().step.kind).toBe('start');
    useKiosk.getState().setLanguage('FR');
    useKiosk.getState().choose(guest({ language: null }));
    expect(useKiosk.getState().language).toBe('FR');
  });

  it('checks in and shows the answer, pending included', async () => {
    call.mockImplementation(async (name: string) =>
      name === 'kiosk.checkIn' ? guest({ category: 'onsite', state: 'CHECKED_IN', pending: true }) : undefined,
    );
    useKiosk.getState().choose(guest());
    await useKiosk.getState().confirm('checkIn');
    const { step } = useKiosk.getState();
    expect(step.kind).toBe('done');
    expect(step.kind === 'done' && step.guest.pending).toBe(true);
    expect(call).toHaveBeenCalledWith('kiosk.checkIn', { invitationId: 7 });
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
});
