/**
 * The roll call as this desk shows it, below the roll call's screens and its
 * marks' (renderer/src/domains/roll-call/, renderer/src/domains/evacuation-marks/),
 * as the core's db/repos/roll-call-records.ts is below both folders: the roll
 * call loads, starts and ends it, the marks tick its people, and each writes
 * what it was told here, so that neither names the other. Kept on the device at
 * every change (kept.ts), and shown as kept ("as of 14:32") when the hub cannot
 * be reached.
 */
import { create } from 'zustand';
import type { RollCall } from '../../../../shared/contract/evacuation.ts';
import { ApiCallError } from '../../lib/api.ts';
import { errorText as message } from '../../lib/error-text.ts';
import { keepRollCall } from './kept.ts';
import { withMark } from './roll-call-view.ts';

export interface ShownRollCall {
  rollCall: RollCall | null;
  /** Set while the roll call shown is the device's kept copy (the hub cannot be reached): when it was true. */
  keptAt: string | null;
  /** Marks on their way to the hub: the person, and accounted or not. */
  marking: Record<number, boolean>;
  problem: string | null;
}

export const useShownRollCall = create<ShownRollCall>()(() => ({
  rollCall: null,
  keptAt: null,
  marking: {},
  problem: null,
}));

export const unreachable = (error: unknown) => error instanceof ApiCallError && error.code === 'UNREACHABLE';

/**
 * What the hub said: shown, and kept on the device with the time. Answers
 * may cross (a load started before a mark comes back after it): the hub's
 * version only grows, so an older one of the same roll call is dropped.
 */
export function showRollCall(rollCall: RollCall | null): void {
  const { rollCall: current, keptAt, marking } = useShownRollCall.getState();
  if (rollCall && current?.id === rollCall.id && rollCall.version < current.version && !keptAt) return;
  // A mark of this screen still on its way stays as the person made it, whatever a load in between says.
  let shown = rollCall;
  for (const [id, accounted] of Object.entries(marking)) {
    const entry = shown?.entries.find((e) => e.invitationId === Number(id));
    if (shown && entry && entry.accounted !== accounted) shown = withMark(shown, { ...entry, accounted });
  }
  useShownRollCall.setState({ rollCall: shown, keptAt: null, problem: null });
  if (rollCall) keepRollCall(rollCall, new Date());
}

/** What went wrong, said on the roll call: without the hub, that what is shown is kept and marks are not saved. */
export function rollCallFailed(what: string, error: unknown): void {
  useShownRollCall.setState({
    problem: unreachable(error)
      ? `${what}: the Foyer hub cannot be reached. Marks made now are not saved; the list below is kept on this device.`
      : `${what}: ${message(error)}`,
  });
}

let loader: () => Promise<void> = async () => {};

/** The roll call's screens say how the whole is asked for again (its own operation), once. */
export function setRollCallLoader(load: () => Promise<void>): void {
  loader = load;
}

/** The whole asked for again (a mark's answer further on than this desk's copy: another desk marked meanwhile). */
export const reloadRollCall = (): Promise<void> => loader();
