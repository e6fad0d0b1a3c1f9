/** The kiosk: one guest at a time finds their invitation and checks in or out. */
import { create } from 'zustand';
import { DEFAULT_KIOSK_SETTINGS, type KioskGuest, type KioskSettings } from '../../../../shared/contract/operations.ts';
import { api, ApiCallError } from '../../lib/api.ts';
import type { KioskMessageKey } from './i18n/messages.ts';
import { type KioskLanguage, toKioskLanguage } from '../../lib/languages.ts';

export type KioskAction = 'checkIn' | 'checkOut';

export type KioskStep =
  | { kind: 'start' }
  | { kind: 'scan' }
  | { kind: 'confirm'; guest: KioskGuest }
  | { kind: 'done'; guest: KioskGuest; action: KioskAction };

export const MIN_LOOKUP_LENGTH = 2;
export const LOOKUP_DEBOUNCE_MS = 200;

const DEFAULT_SETTINGS: KioskSettings = DEFAULT_KIOSK_SETTINGS;

interface KioskState {
  settings: KioskSettings;
  language: KioskLanguage;
  /** True once the guest (or the guest's invitation) chose the language: a reset goes back to the default. */
  languageChosen: boolean;
  query: string;
  results: KioskGuest[];
  /** The text the results answer, once a lookup came back. */
  searchedText: string | null;
  searching: boolean;
  step: KioskStep;
  busy: boolean;
  /** What went wrong, as a message key: shown in the guest's language. */
  problem: KioskMessageKey | null;
  loadSettings(): Promise<void>;
  setLanguage(language: KioskLanguage): void;
  setQuery(text: string): void;
  /** Enter in the name field: a scanner that types a code ends with Enter too. */
  submitQuery(): Promise<void>;
  openScanner(): void;
  findByCode(code: string): Promise<void>;
  choose(guest: KioskGuest): void;
  confirm(action: KioskAction): Promise<void>;
  /** Re-reads the guest on the done screen, so "pending" clears when the check-in reaches the service. */
  refreshGuest(): Promise<void>;
  back(): void;
  reset(): void;
}

/** An invitation code has digits; a name has none. */
export const looksLikeCode = (text: string) => /\d/.test(text);

export function problemOf(error: unknown): KioskMessageKey {
  const code = error instanceof ApiCallError ? error.code : '';
  if (code === 'REFUSED') return 'errorRefused';
  if (code === 'NOT_FOUND') return 'errorNotFound';
  return 'errorGeneric';
}

let lookupTimer: ReturnType<typeof setTimeout> | undefined;
/** Answers that come back after a newer question are dropped. */
let lookupSequence = 0;

export const useKiosk = create<KioskState>()((set, get) => ({
  settings: DEFAULT_SETTINGS,
  language: 'EN',
  languageChosen: false,
  query: '',
  results: [],
  searchedText: null,
  searching: false,
  step: { kind: 'start' },
  busy: false,
  problem: null,

  async loadSettings() {
    try {
      const settings = await api.call('kiosk.settings', {});
      set((state) => ({
        settings,
        language: state.languageChosen ? state.language : (toKioskLanguage(settings.defaultLanguage) ?? 'EN'),
      }));
    } catch {
      // The defaults serve until the core answers.
    }
  },

  setLanguage(language) {
    set({ language, languageChosen: true });
  },

  setQuery(text) {
    clearTimeout(lookupTimer);
    const sequence = ++lookupSequence;
    const trimmed = text.trim();
    if (trimmed.length < MIN_LOOKUP_LENGTH || looksLikeCode(trimmed)) {
      set({ query: text, results: [], searchedText: null, searching: false, problem: null });
      return;
    }
    set({ query: text, searching: true, problem: null });
    lookupTimer = setTimeout(async () => {
      try {
        const results = await api.call('kiosk.lookup', { text: trimmed });
        if (sequence === lookupSequence) set({ results, searchedText: trimmed, searching: false });
      } catch (error) {
        if (sequence === lookupSequence) set({ results: [], searching: false, problem: problemOf(error) });
      }
    }, LOOKUP_DEBOUNCE_MS);
  },

  async submitQuery() {
    const text = get().query.trim();
    if (looksLikeCode(text)) return get().findByCode(text);
    const { results } = get();
    if (results.length === 1) get().choose(results[0]!);
  },

  openScanner() {
    clearTimeout(lookupTimer);
    lookupSequence++;
    set({ step: { kind: 'scan' }, problem: null, searching: false });
  },

  async findByCode(code) {
    const text = code.trim();
    if (!text) return;
    set({ busy: true, problem: null });
    try {
      const guest = await api.call('kiosk.byCode', { code: text });
      if (guest) get().choose(guest);
      else set({ problem: 'codeNotFound' });
    } catch (error) {
      set({ problem: problemOf(error) });
    } finally {
      set({ busy: false });
    }
  },

  choose(guest) {
    clearTimeout(lookupTimer);
    lookupSequence++;
    const language = toKioskLanguage(guest.language);
    set({
      step: { kind: 'confirm', guest },
      problem: null,
      searching: false,
      ...(language ? { language, languageChosen: true } : {}),
    });
  },

  async confirm(action) {
    const { step } = get();
    if (step.kind !== 'confirm' || get().busy) return;
    set({ busy: true, problem: null });
    try {
      const input = { invitationId: step.guest.invitationId };
      const guest = await api.call(action === 'checkIn' ? 'kiosk.checkIn' : 'kiosk.checkOut', input);
      set({ step: { kind: 'done', guest, action } });
    } catch (error) {
      set({ problem: problemOf(error) });
    } finally {
      set({ busy: false });
    }
  },

  async refreshGuest() {
    const { step } = get();
    if (step.kind !== 'done' || !step.guest.pending) return;
    try {
      const guest = await api.call('kiosk.byCode', { code: String(step.guest.invitationId) });
      const now = get().step;
      if (guest && now.kind === 'done' && now.guest.invitationId === guest.invitationId)
        set({ step: { ...now, guest } });
    } catch {
      // Still shown as saved; nothing for the guest to do.
    }
  },

  back() {
    set({ step: { kind: 'start' }, problem: null });
  },

  reset() {
    clearTimeout(lookupTimer);
    lookupSequence++;
    set((state) => ({
      step: { kind: 'start' },
      query: '',
      results: [],
      searchedText: null,
      searching: false,
      busy: false,
      problem: null,
      languageChosen: false,
      language: toKioskLanguage(state.settings.defaultLanguage) ?? 'EN',
    }));
    void get().loadSettings();
  },
}));
