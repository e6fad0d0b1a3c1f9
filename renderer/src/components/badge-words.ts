// Written once in shared/ for the badge the host prints (electron/core/printing) too.
export { badgeWords } from '../../../shared/i18n/kiosk/badge-words.ts';
