/** Guest passes: the desk prints or sends a signed code, which the kiosk accepts (see kiosk.byCode). */
import { AppError } from '../errors.ts';
import type { Handlers } from '../handler.ts';
import { passCodeOf } from './kiosk.ts';

export const passHandlers: Handlers<'guests.passCode'> = {
  'guests.passCode': ({ invitationId }, { runtime }) => {
    if (!runtime.mirror.guests.byId(invitationId, runtime.config.flow))
      throw new AppError('NOT_FOUND', `no guest with invitation id ${invitationId} in the mirror`);
    const code = passCodeOf(runtime, invitationId);
    // A hand scanner types the QR's text into the kiosk: the code itself, nothing around it.
    return { invitationId, code, qrText: code };
  },
};
