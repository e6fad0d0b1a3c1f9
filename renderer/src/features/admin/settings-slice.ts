/** The kiosk's settings and the connection, as the settings panel shows them. */
import type { StateCreator } from 'zustand';
import type { OperationOutput } from '../../../../shared/contract/operations.ts';
import type { KioskSettings } from '../../../../shared/contract/settings.ts';
import { api } from '../../lib/api.ts';
import type { AdminState } from './admin-store.ts';
import { message } from './error-text.ts';

export type SettingsView = OperationOutput<'settings.get'>;

export interface SettingsSlice {
  kioskSettings: KioskSettings | null;
  settingsError: string | null;
  settings: SettingsView | null;

  loadSettings(): Promise<void>;
  /** A form saved: show what the core answered. */
  settingsSaved(patch: { settings?: SettingsView; kioskSettings?: KioskSettings }): void;
}

export const createSettingsSlice: StateCreator<AdminState, [], [], SettingsSlice> = (set) => ({
  kioskSettings: null,
  settingsError: null,
  settings: null,

  async loadSettings() {
    try {
      const [kioskSettings, settings] = await Promise.all([
        api.call('kiosk.settings', {}),
        api.call('settings.get', {}),
      ]);
      set({ kioskSettings, settings, settingsError: null });
    } catch (error) {
      set({ settingsError: message(error) });
    }
  },

  settingsSaved(patch) {
    set(patch);
  },
});
