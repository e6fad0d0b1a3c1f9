// Written once in shared/ for the badge the host prints (electron/core/printing) too.
export { qrPath } from '../../../shared/qr.ts';
