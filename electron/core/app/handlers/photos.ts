/**
 * The photos operations: a kiosk keeps a photo of a guest it found (or of
 * its own walk-in request) and can read none back; the desk reads a
 * guest's photo; the admin turns photos on and words the consent line.
 */
import type { photosOperations } from '../../../../shared/contract/photos.ts';
import { photoOf, savePhoto, textIn } from '../../agreements/agreements.ts';
import { updateConfig } from '../../usecases/settings.ts';
import { deviceName } from '../../access/device.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../handler.ts';
import { agreementDeps, guestSigner, walkInSigner } from './agreements.ts';
import { walkInKey } from '../../../../shared/domain/guest-key.ts';

export const photosHandlers: Handlers<keyof typeof photosOperations> = {
  'photos.settings': ({ language }, { runtime }) => {
    const { photos, kiosk } = runtime.config;
    return {
      enabled: photos.enabled,
      consent: textIn(photos.consentTexts, language, kiosk.defaultLanguage).paragraphs,
    };
  },
  'photos.take': ({ ticket, requestTicket, image }, ctx) => {
    if (!ctx.runtime.config.photos.enabled) throw new AppError('REFUSED', 'this site takes no photos');
    const signer = ticket !== undefined ? guestSigner(ctx, ticket) : walkInSigner(ctx, requestTicket!);
    const row = savePhoto(agreementDeps(ctx), signer, image, deviceName(ctx));
    ctx.emit({ type: 'agreements-changed', invitationId: signer.invitationId ?? walkInKey(signer.walkInId ?? 0) });
    return { takenAt: row.takenAt };
  },
  'photos.ofGuest': ({ invitationId }, ctx) => {
    const photo = photoOf(agreementDeps(ctx), invitationId);
    return photo
      ? { image: `data:${photo.type};base64,${photo.bytes.toString('base64')}`, takenAt: photo.takenAt }
      : null;
  },
  'photos.taken': (_, { runtime }) => runtime.mirror.agreements.photographed(),
  'photos.siteSettings': (_, { runtime }) => runtime.config.photos,
  'photos.setSettings': (photos, ctx) => updateConfig(ctx.runtime, (c) => ({ ...c, photos })).photos,
};
