/** The kiosk: one guest at a time finds their invitation and checks in or out. */
import { create } from 'zustand';
import {
  type KioskArrival,
  type KioskCheckIn,
  type KioskCheckOut,
  type KioskGuest,
  LookupText,
} from '../../../../shared/contract/kiosk.ts';
import { DEFAULT_KIOSK_SETTINGS, type KioskSettings } from '../../../../shared/contract/settings.ts';
import { personName } from '../../../../shared/domain/person-name.ts';
import { api, ApiCallError } from '../../lib/api.ts';
import { latest, oneAtATime } from '../../lib/latest.ts';
import type { KioskMessageKey } from './i18n/messages.ts';
import { type KioskLanguage, offeredLanguages, toKioskLanguage } from '../../lib/languages.ts';
import { useParty } from './party-store.ts';
import { type AgreementSigner, sendSignatures, useAgreement } from './agreement-store.ts';

export type KioskAction = 'checkIn' | 'checkOut';
/** What the success screen says: a check-in, a check-out, or a check-out taken back. */
export type KioskOutcome = KioskAction | 'undoCheckOut';

export type KioskStep =
  | { kind: 'start' }
  | { kind: 'scan' }
  | { kind: 'confirm'; guest: KioskGuest }
  | {
      kind: 'done';
      guest: KioskGuest;
      action: KioskOutcome;
      /** What the check-in answered at once (tap time, host, pass code); null after a check-out. */
      checkIn: KioskCheckIn | null;
      /** The others of the party checked in with the guest, one check-in (and badge) each. */
      party: KioskCheckIn[];
      /** The check-out, with until when it can be undone; null after a check-in. */
      checkOut: KioskCheckOut | null;
      /** The latest word on the check-in from the core: the door PIN once the service gave it. */
      arrival: KioskArrival | null;
      /** Still asking for the arrival: until then "please see reception" would be premature. */
      following: boolean;
    };

export const MIN_LOOKUP_LENGTH = 2;

/** A sheet over the kiosk screen: the idle reset closes whichever is open. */
export type KioskSheet = 'language' | 'staff';

/** Two letters, or one Chinese character (a whole given name): what the contract's lookup accepts. */
export const canLookUp = (text: string) => LookupText.safeParse(text).success;

/** After a check-in, the kiosk asks for the door PIN this often, this many times (the service answers in seconds). */
export const ARRIVAL_POLL_MS = 1000;
export const ARRIVAL_POLLS = 8;

const DEFAULT_SETTINGS: KioskSettings = DEFAULT_KIOSK_SETTINGS;

interface KioskState {
  settings: KioskSettings;
  language: KioskLanguage;
  /** True once the guest (or the guest's invitation) chose the language: a reset goes back to the default. */
  languageChosen: boolean;
  /** The found guest's invitation language, offered on the confirm screen (never switched to silently). */
  offeredLanguage: KioskLanguage | null;
  /** The language the guest had before accepting their invitation's: "That's not me" goes back to it. */
  ownLanguage: { language: KioskLanguage; chosen: boolean } | null;
  sheet: KioskSheet | null;
  /** What the live region says: the confirm question, the success message. */
  announcement: string;
  query: string;
  /** The code field of the scan screen. */
  codeText: string;
  results: KioskGuest[];
  /** The text the results answer, once a lookup came back. */
  searchedText: string | null;
  searching: boolean;
  step: KioskStep;
  busy: boolean;
  /** What went wrong, as a message key: shown in the guest's language. */
  problem: KioskMessageKey | null;
  /** The code the shown guest was found by (null when found by name): asked again when the guests change. */
  foundByCode: string | null;
  /** What the guest came to do: "Check out" on the start screen asks the check-out question at once. */
  intent: KioskAction;
  /** A name that found nobody names a visit of today that has ended: told so, not "no invitation". */
  visitEnded: boolean;
  /** The photo taken for the badge at this check-in (a data URL), if any. */
  photo: string | null;
  loadSettings(): Promise<void>;
  setLanguage(language: KioskLanguage): void;
  acceptOfferedLanguage(): void;
  openSheet(sheet: KioskSheet): void;
  closeSheet(): void;
  announce(text: string): void;
  setQuery(text: string): void;
  setCodeText(text: string): void;
  /** Enter in the name field: a scanner that types a code ends with Enter too. */
  submitQuery(): Promise<void>;
  openScanner(): void;
  findByCode(code: string): Promise<void>;
  choose(guest: KioskGuest): void;
  confirm(action: KioskAction): Promise<void>;
  /** The check-in itself (and the ticked party's), once the documents are signed and the photo taken. */
  checkInNow(guest: KioskGuest): Promise<void>;
  /** Re-reads the arrival on the done screen, so "pending" clears and the door PIN shows when the service answered. */
  refreshGuest(): Promise<void>;
  /**
   * Asks again for what the screen shows (the results, the guest about to
   * confirm, the arrival): the guests changed, perhaps at another kiosk.
   */
  refreshShown(): Promise<void>;
  /** Asks for the arrival a few times after a check-in, until the service has answered. */
  followArrival(invitationId: number): Promise<void>;
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

/**
 * No debounce: each keystroke asks at once (a lookup takes a few
 * milliseconds), one question at a time; while one is on its way only the
 * newest text waits (lib/latest.ts). Answers to texts that are no longer in
 * the field are dropped.
 */
const lookups = latest();
const lookupQuestions = oneAtATime<{ text: string; ticket: number }>(async ({ text, ticket }) => {
  try {
    const results = await api.call('kiosk.lookup', { text });
    const miss = results.length === 0 ? await api.call('kiosk.miss', { text }).catch(() => null) : null;
    if (lookups.isCurrent(ticket))
      useKiosk.setState({ results, searchedText: text, searching: false, visitEnded: miss?.reason === 'visitEnded' });
  } catch (error) {
    if (lookups.isCurrent(ticket)) useKiosk.setState({ results: [], searching: false, problem: problemOf(error) });
  }
});

/** Whatever lookup is on its way or waiting no longer counts (the screen moved on). */
function forgetLookups() {
  lookups.cancel();
  lookupQuestions.drop();
}

export const useKiosk = create<KioskState>()((set, get) => ({
  settings: DEFAULT_SETTINGS,
  language: 'EN',
  languageChosen: false,
  offeredLanguage: null,
  ownLanguage: null,
  sheet: null,
  announcement: '',
  query: '',
  codeText: '',
  results: [],
  searchedText: null,
  searching: false,
  step: { kind: 'start' },
  busy: false,
  problem: null,
  foundByCode: null,
  intent: 'checkIn',
  visitEnded: false,
  photo: null,

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
    set({ language, languageChosen: true, offeredLanguage: null, ownLanguage: null });
  },

  acceptOfferedLanguage() {
    const { offeredLanguage, language, languageChosen } = get();
    if (!offeredLanguage) return;
    set({
      language: offeredLanguage,
      languageChosen: true,
      offeredLanguage: null,
      ownLanguage: { language, chosen: languageChosen },
    });
  },

  openSheet(sheet) {
    set({ sheet });
  },

  closeSheet() {
    set({ sheet: null });
  },

  announce(text) {
    set({ announcement: text });
  },

  setQuery(text) {
    const ticket = lookups.next();
    const trimmed = text.trim();
    if (!canLookUp(trimmed) || looksLikeCode(trimmed)) {
      lookupQuestions.drop();
      set({ query: text, results: [], searchedText: null, searching: false, problem: null, foundByCode: null });
      return;
    }
    set({ query: text, searching: true, problem: null, foundByCode: null, visitEnded: false });
    void lookupQuestions.ask({ text: trimmed, ticket });
  },

  setCodeText(text) {
    set({ codeText: text });
  },

  async submitQuery() {
    const text = get().query.trim();
    if (looksLikeCode(text)) return get().findByCode(text);
    const { results } = get();
    if (results.length === 1) get().choose(results[0]!);
  },

  openScanner() {
    forgetLookups();
    set({ step: { kind: 'scan' }, problem: null, searching: false, codeText: '' });
  },

  async findByCode(code) {
    const text = code.trim();
    if (!text) return;
    set({ busy: true, problem: null });
    try {
      const guest = await api.call('kiosk.byCode', { code: text });
      if (guest) {
        get().choose(guest);
        set({ foundByCode: text });
      } else set({ problem: 'codeNotFound', codeText: '' });
    } catch (error) {
      set({ problem: problemOf(error) });
    } finally {
      set({ busy: false });
    }
  },

  choose(guest) {
    forgetLookups();
    const invited = toKioskLanguage(guest.language);
    const offer =
      invited && invited !== get().language && offeredLanguages(get().settings).includes(invited) ? invited : null;
    set({
      step: { kind: 'confirm', guest },
      problem: null,
      searching: false,
      offeredLanguage: offer,
      ownLanguage: null,
    });
    if (guest.category === 'expected' && get().intent === 'checkIn') void useParty.getState().load(guest.ticket);
    else useParty.getState().clear();
  },

  async confirm(action) {
    const { step } = get();
    if (step.kind !== 'confirm' || get().busy) return;
    set({ busy: true, problem: null });
    // The ticket the core gave with the guest: it acts on a guest this kiosk found, never on a bare id.
    const input = { ticket: step.guest.ticket };
    try {
      if (action === 'checkIn') {
        // The documents to sign and the photo first, where the site asks for them: the check-in follows them.
        if (await askAgreements(step.guest, get().language)) return;
        await get().checkInNow(step.guest);
      } else {
        const checkOut = await api.call('kiosk.checkOut', input);
        const done = { guest: checkOut, action, checkIn: null, party: [], checkOut, arrival: null, following: false };
        set({ step: { kind: 'done', ...done } });
      }
    } catch (error) {
      set({ problem: problemOf(error) });
    } finally {
      set({ busy: false });
    }
  },

  async checkInNow(guest) {
    const action = 'checkIn' as const;
    const checkIn = await api.call('kiosk.checkIn', { ticket: guest.ticket });
    // One check-in each for the others ticked as here: one that fails leaves them to find themselves.
    const party: KioskCheckIn[] = [];
    for (const ticket of useParty.getState().ticked)
      await api.call('kiosk.checkIn', { ticket }).then(
        (c) => party.push(c),
        () => {},
      );
    useParty.getState().clear();
    const done = { guest: checkIn, action, checkIn, party, checkOut: null, arrival: null, following: true };
    set({ step: { kind: 'done', ...done } });
    void get().followArrival(checkIn.invitationId);
  },

  async refreshGuest() {
    const { step } = get();
    if (step.kind !== 'done' || !step.checkIn || step.arrival?.pending === false) return;
    const invitationId = step.guest.invitationId;
    try {
      const arrival = await api.call('kiosk.arrival', { ticket: step.checkIn.ticket });
      const now = get().step;
      if (now.kind === 'done' && now.guest.invitationId === invitationId)
        set({ step: { ...now, arrival, guest: { ...now.guest, pending: arrival.pending } } });
    } catch {
      // Still shown as saved; nothing for the guest to do.
    }
  },

  async refreshShown() {
    const { step, query, foundByCode } = get();
    if (step.kind === 'done') return get().refreshGuest();
    if (step.kind === 'start') {
      const text = query.trim();
      if (!canLookUp(text) || looksLikeCode(text)) return;
      // The same question again, quietly (no "Searching…"): a newer keystroke still wins.
      await lookupQuestions.ask({ text, ticket: lookups.ticket() });
      return;
    }
    if (step.kind !== 'confirm') return;
    const invitationId = step.guest.invitationId;
    try {
      const fresh = foundByCode
        ? await api.call('kiosk.byCode', { code: foundByCode })
        : (await api.call('kiosk.lookup', { text: query.trim() })).find((g) => g.invitationId === invitationId);
      const now = get().step;
      if (
        fresh &&
        fresh.invitationId === invitationId &&
        now.kind === 'confirm' &&
        now.guest.invitationId === invitationId
      )
        set({ step: { ...now, guest: fresh } });
    } catch {
      // What is shown stays; the confirm itself answers if the guest's state moved on.
    }
  },

  async followArrival(invitationId) {
    const current = () => {
      const now = get().step;
      return now.kind === 'done' && now.guest.invitationId === invitationId ? now : undefined;
    };
    for (let poll = 0; poll < ARRIVAL_POLLS && current()?.arrival?.pending !== false; poll++) {
      await new Promise((resolve) => setTimeout(resolve, poll === 0 ? ARRIVAL_POLL_MS / 4 : ARRIVAL_POLL_MS));
      if (!current()) return;
      await get().refreshGuest();
    }
    const now = current();
    if (now) set({ step: { ...now, following: false } });
  },

  back() {
    const { ownLanguage } = get();
    useParty.getState().clear();
    set({
      step: { kind: 'start' },
      problem: null,
      foundByCode: null,
      offeredLanguage: null,
      ownLanguage: null,
      ...(ownLanguage ? { language: ownLanguage.language, languageChosen: ownLanguage.chosen } : {}),
    });
  },

  reset() {
    forgetLookups();
    set((state) => ({
      step: { kind: 'start' },
      sheet: null,
      announcement: '',
      offeredLanguage: null,
      ownLanguage: null,
      query: '',
      codeText: '',
      results: [],
      searchedText: null,
      searching: false,
      busy: false,
      problem: null,
      foundByCode: null,
      intent: 'checkIn',
      visitEnded: false,
      photo: null,
      languageChosen: false,
      language: toKioskLanguage(state.settings.defaultLanguage) ?? 'EN',
    }));
    useParty.getState().clear();
    useAgreement.getState().clear();
    void get().loadSettings();
  },
}));

/** A party member as the agreement shows them: the first name and the initial, as the party list does. */
const memberName = (m: { firstName: string | null; lastInitial: string | null }) =>
  [m.firstName, m.lastInitial ? `${m.lastInitial}.` : null].filter(Boolean).join(' ');

/**
 * Asks the hub what the guest (and each member of the party ticked as here)
 * is to sign, and whether a photo is taken; when there is anything, starts
 * those steps (agreement-store.ts) and answers true: the check-in follows
 * them. A hub that knows no agreements (an older one) asks for none.
 */
async function askAgreements(guest: KioskGuest, language: KioskLanguage): Promise<boolean> {
  const party = useParty.getState();
  const others = party.members.filter((m) => party.ticked.includes(m.ticket));
  const unknown = (error: unknown) => {
    if (error instanceof ApiCallError && error.code === 'UNKNOWN_OPERATION') return null;
    throw error;
  };
  const ask = (ticket: string) => api.call('agreements.forGuest', { ticket, language }).catch(unknown);
  const [own, ...theirs] = await Promise.all([guest.ticket, ...others.map((m) => m.ticket)].map(ask));
  const photos = await api.call('photos.settings', { language }).catch(unknown);
  const signers: AgreementSigner[] = [
    { ticket: guest.ticket, name: personName(guest), documents: own ?? [] },
    ...others.map((m, i) => ({ ticket: m.ticket, name: memberName(m), documents: theirs[i] ?? [] })),
  ].filter((s) => s.documents.length > 0);
  const consent = photos?.enabled ? photos.consent : null;
  if (signers.length === 0 && !consent) return false;
  void useAgreement.getState().begin(signers, consent, {
    async done(given, photo, declinedTickets) {
      const kiosk = useKiosk.getState();
      useKiosk.setState({ busy: true, problem: null });
      try {
        await sendSignatures(given);
        if (photo) await api.call('photos.take', { ticket: guest.ticket, image: photo }).catch(() => {});
        // Whoever of the party declined is not checked in: reception sees to them.
        const ticked = useParty.getState().ticked.filter((t) => !declinedTickets.includes(t));
        useParty.setState({ ticked });
        useKiosk.setState({ photo });
        await kiosk.checkInNow(guest);
      } catch (error) {
        useKiosk.setState({ problem: problemOf(error) });
      } finally {
        useKiosk.setState({ busy: false });
      }
    },
    declined() {
      useParty.getState().clear();
    },
  });
  return true;
}
