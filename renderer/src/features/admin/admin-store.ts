/** The admin console: pushing files to the service, watching the outbox, the kiosk's settings; one slice each. */
import { create } from 'zustand';
import { createOutboxSlice, type OutboxSlice } from './outbox-slice.ts';
import { createPushSlice, type PushSlice } from './push-slice.ts';
import { createSettingsSlice, type SettingsSlice } from './settings-slice.ts';

export type { PushKind } from './push-slice.ts';
export type { SettingsView } from './settings-slice.ts';
export type AdminSection = 'push' | 'outbox' | 'sync' | 'browse' | 'settings' | 'privacy' | 'audit';

export interface AdminState extends PushSlice, OutboxSlice, SettingsSlice {
  section: AdminSection;
  setSection(section: AdminSection): void;
}

export const useAdmin = create<AdminState>()((...a) => ({
  section: 'push',
  setSection(section) {
    a[0]({ section });
  },
  ...createPushSlice(...a),
  ...createOutboxSlice(...a),
  ...createSettingsSlice(...a),
}));
