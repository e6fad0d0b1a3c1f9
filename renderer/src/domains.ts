/**
 * Every domain the screens draw parts of, named once (renderer/src/domains/<domain>/, its plug of the shape of
 * domain.ts): the screens take each slot from here and name no domain, so a domain is a line in the list below
 * (and its import). The slots are read when drawn, not when this module is loaded, so a domain's panel may read
 * them too (the roll call's rows).
 */
import { useSyncExternalStore } from 'react';
import type { KioskStepSlot, KioskTakeoverSlot, RendererDomain, Subscribe } from './domain.ts';
import { evacuationMarksDomain } from './domains/evacuation-marks/index.ts';
import { rollCallDomain } from './domains/roll-call/index.ts';
import { walkInsDomain } from './domains/walk-ins/index.ts';

/** The domains, in the order their parts are drawn in each slot: one a line (scripts/remove-domain.mjs removes it). */
// prettier-ignore
export const DOMAINS: readonly RendererDomain[] = [
  rollCallDomain,
  evacuationMarksDomain,
  walkInsDomain,
];

type DeskSlots = Required<NonNullable<RendererDomain['desk']>>;
type KioskSlots = Required<NonNullable<RendererDomain['kiosk']>>;

/** Every domain's parts for one slot of the desk, in the list's order. */
export function deskSlot<K extends keyof DeskSlots>(slot: K): DeskSlots[K] {
  const parts: unknown[] = [];
  for (const domain of DOMAINS) parts.push(...(domain.desk?.[slot] ?? []));
  return parts as DeskSlots[K];
}

/** Every domain's parts for one slot of the kiosk, in the list's order. */
export function kioskSlot<K extends keyof KioskSlots>(slot: K): KioskSlots[K] {
  const parts: unknown[] = [];
  for (const domain of DOMAINS) parts.push(...(domain.kiosk?.[slot] ?? []));
  return parts as KioskSlots[K];
}

/** Every domain's cards of the admin console's Settings. */
export const adminSettings = () => DOMAINS.flatMap((domain) => domain.admin?.settings ?? []);

/** One subscription to several stores. */
const subscribeAll =
  (stores: () => { subscribe: Subscribe }[]): Subscribe =>
  (listener) => {
    const stops = stores().map((store) => store.subscribe(listener));
    return () => stops.forEach((stop) => stop());
  };

const subscribeSteps = subscribeAll(() => kioskSlot('steps'));
const openStepIndex = () => kioskSlot('steps').findIndex((step) => step.isOpen());

/** The domain's step open over the kiosk's own, if any. */
export function useOpenKioskStep(): KioskStepSlot | undefined {
  const index = useSyncExternalStore(subscribeSteps, openStepIndex);
  return kioskSlot('steps')[index];
}

/** Starting over: every domain's step closes. */
export const closeKioskSteps = (): void => kioskSlot('steps').forEach((step) => step.close());

const subscribeTakeovers = subscribeAll(() => kioskSlot('takeovers'));
const activeTakeoverIndex = () => kioskSlot('takeovers').findIndex((takeover) => takeover.isActive());

/** The domain's screen that holds the whole kiosk now, if any (the first of the list that does). */
export function useKioskTakeover(): KioskTakeoverSlot | undefined {
  const index = useSyncExternalStore(subscribeTakeovers, activeTakeoverIndex);
  return kioskSlot('takeovers')[index];
}
