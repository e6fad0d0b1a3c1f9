/** The desk's view of a site hub: where devices reach it, pairing a new one, the paired ones and what they did. */
import { create } from 'zustand';
import { type Device, type DeviceRole, HubPairInput, type HubStatus } from '../../../../shared/contract/hub.ts';
import { api, ApiCallError } from '../../lib/api.ts';
import { formatAgo } from '../../lib/format.ts';
import { errorText as messageOf } from '../../lib/error-text.ts';

export type PairField = 'code' | 'role' | 'name';
export type PairErrors = Partial<Record<PairField | 'form', string>>;

export interface PairForm {
  code: string;
  role: DeviceRole;
  name: string;
}

const EMPTY_FORM: PairForm = { code: '', role: 'kiosk', name: '' };

const isField = (path: string): path is PairField => path === 'code' || path === 'role' || path === 'name';

/**
 * A refusal of hub.pair as the form shows it: each detail at its field;
 * a code no device shows (or shows no longer) at the code, since that is
 * what staff typed wrong; anything else above the button.
 */
export function pairErrors(error: unknown): PairErrors {
  if (!(error instanceof ApiCallError)) return { form: String((error as Error)?.message ?? error) };
  const errors: PairErrors = {};
  for (const detail of error.details) {
    const field = detail.path.split('.')[0] ?? '';
    const key = isField(field) ? field : 'form';
    errors[key] ??= detail.message;
  }
  if (Object.keys(errors).length > 0) return errors;
  if (error.code === 'NOT_FOUND' || error.code === 'REFUSED' || error.code === 'INVALID_INPUT')
    return { code: error.message };
  return { form: error.message };
}

/** The contract's own check, before the round trip: the same words at the same fields. */
export function checkPairForm(form: PairForm): PairErrors {
  const parsed = HubPairInput.safeParse(form);
  if (parsed.success) return {};
  const errors: PairErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[isField(field) ? field : 'form'] ??= issue.message;
  }
  return errors;
}

/** Devices that can still open something first, the most recently seen on top; revoked ones last. */
export function deviceOrder(a: Device, b: Device): number {
  if ((a.revokedAt === null) !== (b.revokedAt === null)) return a.revokedAt === null ? -1 : 1;
  if (a.connected !== b.connected) return a.connected ? -1 : 1;
  return (b.lastSeenAt ?? '').localeCompare(a.lastSeenAt ?? '') || a.name.localeCompare(b.name);
}

/** How the desk reaches a device now: connected, or when it was last heard from. */
export function presence(device: Device, now: number): string {
  if (device.revokedAt) return `Revoked ${formatAgo(device.revokedAt, now)}`;
  if (device.connected) return 'Connected';
  return device.lastSeenAt ? `Last seen ${formatAgo(device.lastSeenAt, now)}` : 'Not seen since pairing';
}

interface DevicesState {
  status: HubStatus | null;
  loadError: string | null;
  form: PairForm;
  errors: PairErrors;
  pairing: boolean;
  /** The device paired last, for the word that it worked. */
  paired: Device | null;
  /** The device whose revocation waits for staff to confirm it. */
  confirmingRevoke: number | null;
  revoking: number | null;
  load(): Promise<void>;
  setForm(patch: Partial<PairForm>): void;
  pair(): Promise<boolean>;
  askRevoke(id: number | null): void;
  revoke(id: number): Promise<void>;
}

export const useDevices = create<DevicesState>()((set, get) => ({
  status: null,
  loadError: null,
  form: EMPTY_FORM,
  errors: {},
  pairing: false,
  paired: null,
  confirmingRevoke: null,
  revoking: null,

  async load() {
    try {
      const status = await api.call('hub.status', {});
      set({ status, loadError: null });
    } catch (error) {
      set({ loadError: messageOf(error) });
    }
  },

  setForm(patch) {
    const errors = { ...get().errors };
    for (const key of Object.keys(patch) as PairField[]) delete errors[key];
    delete errors.form;
    set({ form: { ...get().form, ...patch }, errors, paired: null });
  },

  async pair() {
    const { form, pairing } = get();
    if (pairing) return false;
    const checked = checkPairForm(form);
    if (Object.keys(checked).length > 0) {
      set({ errors: checked });
      return false;
    }
    set({ pairing: true, errors: {}, paired: null });
    try {
      const device = await api.call('hub.pair', form);
      // The role stays: a desk often pairs several kiosks in a row.
      set({ paired: device, form: { ...EMPTY_FORM, role: form.role } });
      await get().load();
      return true;
    } catch (error) {
      set({ errors: pairErrors(error) });
      return false;
    } finally {
      set({ pairing: false });
    }
  },

  askRevoke(id) {
    set({ confirmingRevoke: id });
  },

  async revoke(id) {
    set({ revoking: id, loadError: null });
    try {
      await api.call('hub.revoke', { id });
      set({ confirmingRevoke: null });
      await get().load();
    } catch (error) {
      set({ loadError: messageOf(error) });
    } finally {
      set({ revoking: null });
    }
  },
}));
