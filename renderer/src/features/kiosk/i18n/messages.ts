/** The kiosk's words live in shared/i18n/kiosk/, where the device's own pages read them too. */
export * from '../../../../../shared/i18n/kiosk/messages.ts';
