/**
 * The evacuation marks on the screens (electron/core/evacuation-marks/ is
 * their core): the tick in each row of the roll call's panel, which the roll
 * call draws through the desk's `rollCallRow` slot, by ids. Listed once in
 * renderer/src/domains.ts; nothing else imports this folder, and it imports
 * nothing of the roll call's (what both read is features/desk/roll-call-shown.ts).
 */
import type { RendererDomain } from '../../domain.ts';
import { Tick } from './desk/Tick.tsx';

export const evacuationMarksDomain: RendererDomain = {
  name: 'evacuation-marks',
  desk: { rollCallRow: [Tick] },
};
