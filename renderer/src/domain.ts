/**
 * What a domain plugs into the screens: the renderer's side of a domain
 * (renderer/src/domains/<domain>/) is one value of this shape, listed once in
 * renderer/src/domains.ts. The screens (desk, kiosk, admin, a guest's detail)
 * draw each slot where it belongs and name no domain, so that a domain's
 * folder and its line there can go and the rest still typechecks and works
 * (scripts/remove-domain.mjs). Every slot is optional.
 */
import type { ComponentType } from 'react';
import type { DeskGuest } from '../../shared/contract/guests.ts';
import type { KioskMessageKey } from './features/kiosk/i18n/messages.ts';

/** A store the screen follows without naming it: a zustand store's own `subscribe` fits. */
export type Subscribe = (listener: () => void) => () => void;

/** A panel of a screen, drawn in its own boundary (components/PanelBoundary.tsx) named `name`. */
export interface PanelSlot {
  name: string;
  Panel: ComponentType;
  /** Before the panel is drawn again after it failed: reset what it reads (`resetStore(useItsStore)`). */
  onReload?: () => unknown;
}

/** A screen of the kiosk's main area that a domain opens over the kiosk's own steps (a walk-in's form). */
export interface KioskStepSlot {
  name: string;
  subscribe: Subscribe;
  /** While it is open, the kiosk's own steps wait behind it and the idle countdown runs. */
  isOpen(): boolean;
  /** Starting over (idle, "Done", a declined agreement) closes it. */
  close(): void;
  Step: ComponentType;
}

/**
 * What replaces the whole kiosk while it holds (a roll call under way: where to gather), whatever else was on
 * screen and whatever the connection; staff may still unlock and guests switch the language.
 */
export interface KioskTakeoverSlot {
  name: string;
  subscribe: Subscribe;
  isActive(): boolean;
  /** The kiosk's class while it holds (kiosk-evacuating), for the domain's own CSS. */
  className: string;
  Screen: ComponentType<{ connectionLost: boolean }>;
  /** Shown in the guest's language if the screen itself fails (e.g. 'evacuationTitle'). */
  failed?: KioskMessageKey;
}

/** What a domain draws on a guest's detail at the desk, beside the guest's own actions. */
export type GuestActionSlot = ComponentType<{ guest: DeskGuest }>;

/**
 * A row of a roll call, as the roll call's panel hands it to a domain that acts on it (the evacuation marks'
 * tick): only ids, so that neither domain names the other's types.
 */
export type RollCallRowSlot = ComponentType<{ rollCallId: number; invitationId: number; ended: boolean }>;

export interface RendererDomain {
  /** The domain's name, as its folder (renderer/src/domains/<name>/) and the core's (electron/core/<name>/). */
  name: string;
  desk?: {
    /** Above the desk's toolbar, first on screen (a roll call under way). */
    top?: PanelSlot[];
    /** Buttons in the desk's toolbar, before "Sync now" ("Start roll call"). */
    toolbar?: ComponentType[];
    /** Between the toolbar and the guest list, after the desk's own notices (walk-ins waiting). */
    notices?: PanelSlot[];
    /** Drawn last, over the desk: a printable sheet, shown while its own store says so. */
    sheets?: PanelSlot[];
    /** Drawn while the desk is shown, drawing nothing: what follows the guests for the domain (a kept list). */
    watchers?: ComponentType[];
    guestActions?: GuestActionSlot[];
    /** Read by the roll call's own panel: what another domain adds to each of its rows. */
    rollCallRow?: RollCallRowSlot[];
  };
  kiosk?: {
    takeovers?: KioskTakeoverSlot[];
    steps?: KioskStepSlot[];
    /** On the start screen under "or", beside a scan: ways in other than an invitation ("I'm not on the list"). */
    startActions?: ComponentType[];
    /** Drawn while the kiosk is shown, whatever it shows, drawing nothing: what tells a takeover it begins. */
    watchers?: ComponentType[];
  };
  admin?: {
    /** Cards of the console's Settings, in the order of the domains' list. */
    settings?: ComponentType[];
  };
}
