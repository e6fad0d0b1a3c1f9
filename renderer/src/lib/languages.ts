/** The kiosk's languages live in shared/, where the device's own pages read them too. */
export * from '../../../shared/languages.ts';
