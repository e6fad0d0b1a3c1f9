/**
 * The kiosk's walk-in registration ("I'm not on the list"): a form typed on
 * the on-screen keyboard, the person visited found by three letters, then
 * the wait for reception's answer, asked for by the request's ticket.
 */
import { create } from 'zustand';
import type { KioskCheckIn } from '../../../../../shared/contract/kiosk.ts';
import type { WalkInHost, WalkInMode, WalkInStatus } from '../../../../../shared/contract/walk-ins.ts';
import { personName } from '../../../../../shared/domain/person-name.ts';
import { api, ApiCallError } from '../../../lib/api.ts';
import type { KioskLanguage } from '../../../lib/languages.ts';
import { type KioskStep, useKiosk } from '../../../features/kiosk/kiosk-store.ts';
import { type GivenSignature, sendSignatures, useAgreement } from '../../../features/kiosk/agreement-store.ts';

export const WALK_IN_FIELDS = ['firstName', 'lastName', 'companyName', 'email', 'host'] as const;
export type WalkInField = (typeof WALK_IN_FIELDS)[number];

/** How often the kiosk asks whether reception decided. */
export const WALK_IN_POLL_MS = 1000;
export const MIN_HOST_LETTERS = 3;

export type WalkInPhase = 'form' | 'sending' | 'waiting' | 'approved' | 'declined' | 'failed';

interface WalkInState {
  mode: WalkInMode;
  open: boolean;
  phase: WalkInPhase;
  values: Record<WalkInField, string>;
  focused: WalkInField;
  hosts: WalkInHost[];
  /** The text the host list answers (null while none came back). */
  hostsFor: string | null;
  host: WalkInHost | null;
  status: WalkInStatus | null;
  requestTicket: string | null;
  /** A field the core refused, with its message. */
  invalid: { path: string; message: string } | null;
  loadMode(): Promise<void>;
  start(): void;
  close(): void;
  focus(field: WalkInField): void;
  setValue(field: WalkInField, text: string): void;
  chooseHost(host: WalkInHost): void;
  submit(language: KioskLanguage): Promise<void>;
  /** The request itself, with what was signed and the photo (if any). */
  send(language: KioskLanguage, given: GivenSignature[], photo: string | null): Promise<void>;
  poll(): Promise<void>;
}

const EMPTY: Record<WalkInField, string> = { firstName: '', lastName: '', companyName: '', email: '', host: '' };

/** A request not begun: the kiosk's state at start, and again at each new walk-in. */
const BLANK = {
  phase: 'form',
  values: EMPTY,
  focused: 'firstName',
  hosts: [],
  hostsFor: null,
  host: null,
  status: null,
  requestTicket: null,
  invalid: null,
} satisfies Partial<WalkInState>;

let searchSeq = 0;

export const useWalkIn = create<WalkInState>()((set, get) => ({
  mode: 'off',
  open: false,
  ...BLANK,

  async loadMode() {
    try {
      set({ mode: (await api.call('walkIns.settings', {})).mode });
    } catch {
      set({ mode: 'off' }); // a hub of an older version, or none: no walk-in button
    }
  },
  start() {
    set({ open: true, ...BLANK });
  },
  close() {
    searchSeq++;
    set({ open: false, requestTicket: null, status: null });
  },
  focus(field) {
    set({ focused: field });
  },
  setValue(field, text) {
    set((s) => ({ values: { ...s.values, [field]: text }, invalid: null }));
    if (field !== 'host') return;
    set({ host: null });
    const typed = text.trim();
    if (typed.length < MIN_HOST_LETTERS) return set({ hosts: [], hostsFor: null });
    const seq = ++searchSeq;
    void api.call('walkIns.hosts', { text: typed }).then(
      (hosts) => seq === searchSeq && set({ hosts, hostsFor: typed }),
      () => seq === searchSeq && set({ hosts: [], hostsFor: typed }),
    );
  },
  chooseHost(host) {
    searchSeq++;
    set((s) => ({ host, hosts: [], values: { ...s.values, host: host.name } }));
  },
  async submit(language) {
    const { values, host } = get();
    if (!host) return set({ focused: 'host' });
    set({ phase: 'sending' });
    // The documents for walk-ins, and the photo, are part of the form: given before the request is sent.
    const asked = await askWalkInAgreements(language, personName(values));
    if (asked === 'failed') return set({ phase: 'failed' });
    if (asked === 'none') return get().send(language, [], null);
    void useAgreement.getState().begin(asked.signers, asked.consent, {
      done: (given, photo) => get().send(language, given, photo),
      declined: () => set({ open: false, phase: 'form' }),
    });
  },
  async send(language, given, photo) {
    const { values, host } = get();
    if (!host) return set({ focused: 'host', phase: 'form' });
    set({ phase: 'sending' });
    try {
      const answer = await api.call('walkIns.request', {
        firstName: values.firstName,
        lastName: values.lastName,
        companyName: values.companyName,
        email: values.email,
        hostTicket: host.hostTicket,
        language,
      });
      // Signed with the form: kept by the request's ticket, the moment there is one.
      await sendSignatures(given, answer.requestTicket);
      if (photo) await api.call('photos.take', { requestTicket: answer.requestTicket, image: photo }).catch(() => {});
      useKiosk.setState({ photo });
      set({ requestTicket: answer.requestTicket, status: answer.status, phase: phaseOf(answer.status) });
      welcomeIfLetIn(answer.status, answer.requestTicket, language);
    } catch (error) {
      const detail = error instanceof ApiCallError ? error.details[0] : undefined;
      if (detail) return set({ phase: 'form', invalid: detail, focused: fieldOf(detail.path) });
      set({ phase: 'failed' });
    }
  },
  async poll() {
    const { requestTicket, phase } = get();
    if (!requestTicket || phase !== 'waiting') return;
    try {
      const status = await api.call('walkIns.status', { requestTicket });
      if (get().requestTicket !== requestTicket) return;
      set({ status, phase: phaseOf(status) });
      welcomeIfLetIn(status, requestTicket, null);
    } catch {
      // the hub is away for a moment: asked again at the next tick
    }
  },
}));

/** What a walk-in is to sign (and whether a photo is taken), or 'none', or 'failed' (the hub could not say). */
async function askWalkInAgreements(language: KioskLanguage, name: string) {
  try {
    const unknown = (error: unknown) => {
      if (error instanceof ApiCallError && error.code === 'UNKNOWN_OPERATION') return null;
      throw error;
    };
    const documents = (await api.call('agreements.forWalkIn', { language }).catch(unknown)) ?? [];
    const photos = await api.call('photos.settings', { language }).catch(unknown);
    const consent = photos?.enabled ? photos.consent : null;
    if (documents.length === 0 && !consent) return 'none' as const;
    return { signers: documents.length ? [{ ticket: null, name, documents }] : [], consent };
  } catch {
    return 'failed' as const;
  }
}

/**
 * A walk-in let in is welcomed like an invited guest who checked in: the
 * same success screen, badge and countdown (DoneStep, BadgePrint). Reception
 * let them in, so there is no door PIN to wait for and nothing "pending" to say.
 */
function welcomeIfLetIn(status: WalkInStatus, requestTicket: string, language: KioskLanguage | null): void {
  if (status.state !== 'approved') return;
  const at = status.startsAt ?? new Date().toISOString();
  const checkIn: KioskCheckIn = {
    invitationId: 0,
    ticket: requestTicket,
    state: 'CHECKED_IN',
    category: 'onsite',
    pending: false,
    firstName: status.firstName,
    lastName: status.lastName,
    companyName: status.companyName,
    language,
    eventName: null,
    startsAt: at,
    endsAt: status.endsAt,
    tappedAt: at,
    hostName: status.hostName,
    passCode: status.passCode,
    // The hub prints the badge on the site's label printer: the page prints none (BadgePrint).
    ...(status.hostPrints ? { hostPrints: true } : {}),
  };
  const arrival = { invitationId: 0, pending: false, tappedAt: at, hostName: status.hostName, doorPin: null };
  useWalkIn.setState({ open: false, requestTicket: null });
  const step: KioskStep = {
    kind: 'done',
    guest: checkIn,
    action: 'checkIn',
    checkIn,
    party: [],
    checkOut: null,
    arrival,
    following: false,
  };
  useKiosk.setState({ step, query: '', results: [], searchedText: null });
}

const phaseOf = (status: WalkInStatus): WalkInPhase =>
  status.state === 'approved' ? 'approved' : status.state === 'declined' ? 'declined' : 'waiting';

const fieldOf = (path: string): WalkInField =>
  (WALK_IN_FIELDS as readonly string[]).includes(path) ? (path as WalkInField) : 'host';

/** Whether the form may be sent: both names, and a host chosen from the list. */
export const canSend = (s: Pick<WalkInState, 'values' | 'host'>) =>
  s.values.firstName.trim() !== '' && s.values.lastName.trim() !== '' && s.host !== null;
