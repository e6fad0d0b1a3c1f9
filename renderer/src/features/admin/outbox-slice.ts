/** The outbox as the admin sees it: the latest items, retrying, their results as CSV. */
import type { StateCreator } from 'zustand';
import type { OperationOutput } from '../../../../shared/contract/operations.ts';
import type { OutboxItem } from '../../../../shared/contract/outbox.ts';
import { api } from '../../lib/api.ts';
import type { AdminState } from './admin-store.ts';
import { downloadText } from './browser-files.ts';
import { capitalised, message } from './error-text.ts';

export interface OutboxSlice {
  outbox: OutboxItem[];
  outboxLoaded: boolean;
  outboxError: string | null;
  outboxBusy: Record<number, boolean>;
  retryAllResult: OperationOutput<'outbox.retryAll'> | null;

  loadOutbox(): Promise<void>;
  retry(id: number): Promise<void>;
  retryAll(): Promise<void>;
  downloadResults(id: number): Promise<void>;
}

export const createOutboxSlice: StateCreator<AdminState, [], [], OutboxSlice> = (set, get) => ({
  outbox: [],
  outboxLoaded: false,
  outboxError: null,
  outboxBusy: {},
  retryAllResult: null,

  async loadOutbox() {
    try {
      set({ outbox: await api.call('outbox.list', { limit: 200 }), outboxLoaded: true, outboxError: null });
    } catch (error) {
      set({ outboxLoaded: true, outboxError: message(error) });
    }
  },

  async retry(id) {
    set((s) => ({ outboxBusy: { ...s.outboxBusy, [id]: true } }));
    try {
      const item = await api.call('outbox.retry', { id });
      set((s) => ({ outbox: s.outbox.map((o) => (o.id === id ? item : o)) }));
    } catch (error) {
      set({ outboxError: capitalised(message(error)) });
    } finally {
      set((s) => ({ outboxBusy: { ...s.outboxBusy, [id]: false } }));
    }
  },

  async retryAll() {
    set({ retryAllResult: null, outboxError: null });
    try {
      const retryAllResult = await api.call('outbox.retryAll', {});
      set({ retryAllResult });
      await get().loadOutbox();
    } catch (error) {
      set({ outboxError: capitalised(message(error)) });
    }
  },

  async downloadResults(id) {
    try {
      const { fileName, csv } = await api.call('outbox.exportCsv', { id });
      downloadText(fileName, csv);
    } catch (error) {
      set({ outboxError: capitalised(message(error)) });
    }
  },
});
