/**
 * The roll call at this desk: the hub's, followed through evacuation-changed
 * (a mark at another desk shows here within a second), marked here at once
 * and confirmed by the hub; kept on the device at every change, and shown as
 * kept ("as of 14:32") when the hub cannot be reached.
 */
import { create } from 'zustand';
import type { RollCall } from '../../../../../shared/contract/evacuation.ts';
import { personName } from '../../../../../shared/domain/person-name.ts';
import { api, ApiCallError } from '../../../lib/api.ts';
import { onAppEvent } from '../../../stores/session.ts';
import { keepRollCall, keptRollCall } from './kept.ts';
import { withMark } from './roll-call-view.ts';
import { errorText as message } from '../../../lib/error-text.ts';
import { saveFile } from '../../../lib/save-file.ts';

const unreachable = (error: unknown) => error instanceof ApiCallError && error.code === 'UNREACHABLE';

interface RollCallState {
  rollCall: RollCall | null;
  /** Set while the roll call shown is the device's kept copy (the hub cannot be reached): when it was true. */
  keptAt: string | null;
  /** Marks on their way to the hub: the person, and accounted or not. */
  marking: Record<number, boolean>;
  search: string;
  hideAccounted: boolean;
  /** Asking whether to start (the first press of Start) or to end. */
  confirming: 'start' | 'end' | null;
  /** The printable sheet is open. */
  printing: boolean;
  /** An ended roll call this desk closed: not shown again. */
  closedId: number | null;
  problem: string | null;
  load(): Promise<void>;
  follow(): () => void;
  confirm(what: 'start' | 'end' | null): void;
  start(): Promise<void>;
  mark(invitationId: number, accounted: boolean): Promise<void>;
  end(): Promise<void>;
  downloadCsv(): Promise<void>;
  setSearch(text: string): void;
  setHideAccounted(hide: boolean): void;
  setPrinting(printing: boolean): void;
  closePrint(): void;
  close(): void;
}

export const useRollCall = create<RollCallState>()((set, get) => {
  /**
   * What the hub said: shown, and kept on the device with the time. Answers
   * may cross (a load started before a mark comes back after it): the hub's
   * version only grows, so an older one of the same roll call is dropped.
   */
  const show = (rollCall: RollCall | null) => {
    const { rollCall: current, keptAt, marking } = get();
    if (rollCall && current?.id === rollCall.id && rollCall.version < current.version && !keptAt) return;
    // A mark of this screen still on its way stays as the person made it, whatever a load in between says.
    let shown = rollCall;
    for (const [id, accounted] of Object.entries(marking)) {
      const entry = shown?.entries.find((e) => e.invitationId === Number(id));
      if (shown && entry && entry.accounted !== accounted) shown = withMark(shown, { ...entry, accounted });
    }
    set({ rollCall: shown, keptAt: null, problem: null });
    if (rollCall) keepRollCall(rollCall, new Date());
  };
  const failed = (what: string, error: unknown) =>
    set({
      problem: unreachable(error)
        ? `${what}: the Foyer hub cannot be reached. Marks made now are not saved; the list below is kept on this device.`
        : `${what}: ${message(error)}`,
    });

  return {
    rollCall: null,
    keptAt: null,
    marking: {},
    search: '',
    hideAccounted: false,
    confirming: null,
    printing: false,
    closedId: null,
    problem: null,
    async load() {
      try {
        show(await api.call('evacuation.get', {}));
      } catch (error) {
        if (!unreachable(error)) return failed('The roll call could not be loaded', error);
        const kept = keptRollCall();
        if (kept) set({ rollCall: kept.value, keptAt: kept.keptAt });
      }
    },
    follow() {
      return onAppEvent((event) => {
        if (event.type !== 'evacuation-changed') return;
        if (event.version === undefined || event.version !== get().rollCall?.version) void get().load();
      });
    },
    confirm(what) {
      set({ confirming: what });
    },
    async start() {
      set({ confirming: null });
      try {
        show(await api.call('evacuation.start', {}));
        set({ closedId: null, search: '', hideAccounted: false });
      } catch (error) {
        failed('The roll call could not be started', error);
      }
    },
    async mark(invitationId, accounted) {
      const { rollCall, keptAt } = get();
      const entry = rollCall?.entries.find((e) => e.invitationId === invitationId);
      if (!rollCall || !entry || rollCall.endedAt) return;
      if (keptAt) return failed('Not marked', new ApiCallError('UNREACHABLE', ''));
      // Shown at once; the hub's answer (its time and this device's name) replaces it.
      set((s) => ({
        rollCall: s.rollCall && withMark(s.rollCall, { ...entry, accounted }),
        marking: { ...s.marking, [invitationId]: accounted },
      }));
      try {
        const answer = await api.call('evacuation.tick', { rollCallId: rollCall.id, invitationId, accounted });
        const current = get().rollCall;
        // Shown already when the screen holds this version or a later one (the stream's news came first).
        if (current && current.id === rollCall.id && answer.version > current.version) {
          if (answer.version === current.version + 1) show(withMark(current, answer.entry, answer.version));
          // Further on than this mark alone: another desk marked meanwhile, so ask for the whole.
          else void get().load();
        }
      } catch (error) {
        set((s) => ({ rollCall: s.rollCall && withMark(s.rollCall, entry) }));
        failed(`${personName(entry) || 'The guest'} was not marked`, error);
      } finally {
        set((s) => {
          const { [invitationId]: _done, ...marking } = s.marking;
          return { marking };
        });
      }
    },
    async end() {
      const rollCall = get().rollCall;
      set({ confirming: null });
      if (!rollCall) return;
      try {
        show(await api.call('evacuation.end', { rollCallId: rollCall.id }));
        set({ printing: true });
      } catch (error) {
        failed('The roll call could not be ended', error);
      }
    },
    async downloadCsv() {
      const rollCall = get().rollCall;
      if (!rollCall) return;
      try {
        const { fileName, csv } = await api.call('evacuation.report', { rollCallId: rollCall.id });
        saveFile(fileName, csv, 'text/csv;charset=utf-8');
      } catch (error) {
        failed('The report could not be made', error);
      }
    },
    setSearch: (search) => set({ search }),
    setHideAccounted: (hideAccounted) => set({ hideAccounted }),
    setPrinting: (printing) => set({ printing }),
    closePrint: () => set({ printing: false }),
    close: () => set((s) => ({ closedId: s.rollCall?.id ?? null, printing: false })),
  };
});
