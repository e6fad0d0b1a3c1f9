/**
 * The roll call at this desk: the hub's, followed through evacuation-changed
 * (a mark at another desk shows here within a second), started and ended
 * here. What is shown (the roll call, its kept copy, a problem) is
 * features/desk/roll-call-shown.ts, which the marks' tick writes too; this
 * store holds what the panel does with it (search, confirm, print, close).
 */
import { create } from 'zustand';
import { api } from '../../../lib/api.ts';
import { onAppEvent } from '../../../stores/session.ts';
import { keptRollCall } from '../../../features/desk/kept.ts';
import {
  rollCallFailed as failed,
  setRollCallLoader,
  showRollCall as show,
  unreachable,
  useShownRollCall,
} from '../../../features/desk/roll-call-shown.ts';
import { saveFile } from '../../../lib/save-file.ts';

interface RollCallState {
  search: string;
  hideAccounted: boolean;
  /** Asking whether to start (the first press of Start) or to end. */
  confirming: 'start' | 'end' | null;
  /** The printable sheet is open. */
  printing: boolean;
  /** An ended roll call this desk closed: not shown again. */
  closedId: number | null;
  load(): Promise<void>;
  follow(): () => void;
  confirm(what: 'start' | 'end' | null): void;
  start(): Promise<void>;
  end(): Promise<void>;
  downloadCsv(): Promise<void>;
  setSearch(text: string): void;
  setHideAccounted(hide: boolean): void;
  setPrinting(printing: boolean): void;
  closePrint(): void;
  close(): void;
}

const shown = () => useShownRollCall.getState().rollCall;

export const useRollCall = create<RollCallState>()((set, get) => ({
  search: '',
  hideAccounted: false,
  confirming: null,
  printing: false,
  closedId: null,
  async load() {
    try {
      show(await api.call('evacuation.get', {}));
    } catch (error) {
      if (!unreachable(error)) return failed('The roll call could not be loaded', error);
      const kept = keptRollCall();
      if (kept) useShownRollCall.setState({ rollCall: kept.value, keptAt: kept.keptAt });
    }
  },
  follow() {
    return onAppEvent((event) => {
      if (event.type !== 'evacuation-changed') return;
      if (event.version === undefined || event.version !== shown()?.version) void get().load();
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
  async end() {
    const rollCall = shown();
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
    const rollCall = shown();
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
  close: () => set({ closedId: shown()?.id ?? null, printing: false }),
}));

// A mark's answer further on than this desk's copy asks for the whole again, through this store.
setRollCallLoader(() => useRollCall.getState().load());
