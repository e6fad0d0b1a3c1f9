/** Pushing a file: pick it, check it against the service's rules, confirm, queue it. */
import type { StateCreator } from 'zustand';
import type { FileUpload, ImportPreview } from '../../../../shared/contract/imports.ts';
import type { OperationOutput } from '../../../../shared/contract/operations.ts';
import { api } from '../../lib/api.ts';
import { latest } from '../../lib/latest.ts';
import type { AdminState } from './admin-store.ts';
import { downloadText, readAsBase64 } from './browser-files.ts';
import { capitalised, message } from './error-text.ts';

export type PushKind = FileUpload['kind'];
export type Group = OperationOutput<'groups.list'>[number];
export type Queued = OperationOutput<'pushes.queue'>;

export interface PickedFile {
  name: string;
  size: number;
  base64: string;
}

/** The upload limit of the contract (20 MiB of file, as base64). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export interface PushSlice {
  kind: PushKind;
  groups: Group[];
  groupsLoaded: boolean;
  group: string;
  file: PickedFile | null;
  preview: ImportPreview | null;
  previewing: boolean;
  /** How far reading the file in the browser, then checking it in the core, has come (0 to 1). */
  progress: { phase: 'reading' | 'checking'; done: number; total: number } | null;
  confirmed: boolean;
  queueing: boolean;
  queued: Queued | null;
  pushError: string | null;

  setKind(kind: PushKind): void;
  loadGroups(): Promise<void>;
  setGroup(group: string): void;
  pickFile(file: File): Promise<void>;
  runPreview(): Promise<void>;
  setConfirmed(confirmed: boolean): void;
  queue(): Promise<void>;
  resetPush(): void;
  downloadIssues(): Promise<void>;
  /** An import-progress event of the event stream. */
  checkProgress(uploadId: string, done: number, total: number): void;
}

const freshPush = {
  file: null,
  preview: null,
  previewing: false,
  progress: null,
  confirmed: false,
  queueing: false,
  queued: null,
  pushError: null,
} satisfies Partial<PushSlice>;

/** A new file, kind or group asks again: only the newest preview is shown. */
const previews = latest();
/** The upload being checked now: its progress events are shown, others ignored. */
let currentUploadId = '';

export const createPushSlice: StateCreator<AdminState, [], [], PushSlice> = (set, get) => ({
  kind: 'identities',
  groups: [],
  groupsLoaded: false,
  group: '',
  ...freshPush,

  setKind(kind) {
    set({ kind, preview: null, confirmed: false, queued: null, pushError: null });
    if (get().file) void get().runPreview();
  },

  async loadGroups() {
    try {
      const groups = await api.call('groups.list', {});
      // No group is chosen for the admin: the file replaces the chosen group's whole set.
      set({ groups, groupsLoaded: true });
      if (get().kind === 'profiles' && get().file) void get().runPreview();
    } catch (error) {
      set({ pushError: `The access profile groups could not be loaded: ${message(error)}` });
    }
  },

  setGroup(group) {
    set({ group, preview: null, confirmed: false, queued: null });
    if (get().file) void get().runPreview();
  },

  async pickFile(file) {
    if (file.size > MAX_FILE_BYTES) {
      set({ ...freshPush, pushError: `${file.name} is larger than 20 MB: split it into smaller files.` });
      return;
    }
    set({ ...freshPush, previewing: true, progress: { phase: 'reading', done: 0, total: file.size } });
    try {
      const base64 = await readAsBase64(file, (done, total) => set({ progress: { phase: 'reading', done, total } }));
      set({ file: { name: file.name, size: file.size, base64 } });
      await get().runPreview();
    } catch (error) {
      set({ previewing: false, pushError: `${file.name} could not be read: ${message(error)}` });
    }
  },

  async runPreview() {
    const { file, kind, group } = get();
    if (!file) return;
    if (kind === 'profiles' && !group) {
      set({ previewing: false, preview: null });
      return;
    }
    const ticket = previews.next();
    currentUploadId = `u${Date.now().toString(36)}${ticket}`;
    set({
      previewing: true,
      progress: { phase: 'checking', done: 0, total: 0 },
      pushError: null,
      confirmed: false,
      queued: null,
    });
    try {
      const answer = await previews.run(
        () =>
          api.call('imports.preview', {
            kind,
            fileName: file.name,
            contentBase64: file.base64,
            uploadId: currentUploadId,
            ...(kind === 'profiles' ? { group } : {}),
          }),
        ticket,
      );
      if (answer.current) set({ preview: answer.value, previewing: false, progress: null });
    } catch (error) {
      set({ previewing: false, progress: null, preview: null, pushError: capitalised(message(error)) });
    }
  },

  setConfirmed(confirmed) {
    set({ confirmed });
  },

  async queue() {
    const { file, kind, group, preview, confirmed } = get();
    if (!file || !preview || get().queueing) return;
    set({ queueing: true, pushError: null });
    try {
      const queued = await api.call('pushes.queue', {
        kind,
        fileName: file.name,
        contentBase64: file.base64,
        ...(kind === 'profiles' ? { group } : {}),
        allowPartial: preview.issues.length > 0,
        confirmed,
      });
      set({ queued, queueing: false });
      void get().loadOutbox();
    } catch (error) {
      set({ queueing: false, pushError: capitalised(message(error)) });
    }
  },

  resetPush() {
    previews.cancel();
    set(freshPush);
  },

  checkProgress(uploadId, done, total) {
    if (uploadId === currentUploadId && get().previewing) set({ progress: { phase: 'checking', done, total } });
  },

  async downloadIssues() {
    const { file, kind, group } = get();
    if (!file) return;
    try {
      const { fileName, csv } = await api.call('imports.issuesCsv', {
        kind,
        fileName: file.name,
        contentBase64: file.base64,
        ...(kind === 'profiles' ? { group } : {}),
      });
      downloadText(fileName, csv);
    } catch (error) {
      set({ pushError: capitalised(message(error)) });
    }
  },
});
