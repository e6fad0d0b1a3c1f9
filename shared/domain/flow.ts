/**
 * The check-in flow of a site (docs/interface.md "Check-ins"): which states count
 * as expected, on site, left or other, and which eventName each action sends.
 * Defaults match the reference service; a real deployment may configure others.
 */
import { z } from 'zod';

export const GUEST_CATEGORIES = ['expected', 'onsite', 'left', 'other'] as const;
export type GuestCategory = (typeof GUEST_CATEGORIES)[number];

/** A check-in state or event name of the service (e.g. CHECKED_IN): short, bounded like every input text. */
const name = z.string().min(1).max(64);
const states = z.array(name).max(50);

export const FlowConfig = z.strictObject({
  /** State of an invitation that has no check-in record yet. */
  initialState: name,
  expected: states,
  onsite: states,
  left: states,
  transitions: z.strictObject({
    kioskCheckIn: name,
    deskCheckIn: name,
    checkOut: name,
    undoCheckIn: name,
  }),
});
export type FlowConfig = z.infer<typeof FlowConfig>;

export const DEFAULT_FLOW: FlowConfig = {
  initialState: 'EXPECTED',
  expected: ['EXPECTED'],
  onsite: ['CHECKED_IN'],
  left: ['CHECKED_OUT'],
  transitions: {
    kioskCheckIn: 'CHECK_IN',
    deskCheckIn: 'CHECK_IN',
    checkOut: 'CHECK_OUT',
    undoCheckIn: 'UNDO_CHECK_IN',
  },
};

/** The category of a raw state; an unknown state is "other" and is shown by its raw name. */
export function categoryOf(state: string, flow: FlowConfig = DEFAULT_FLOW): GuestCategory {
  if (flow.expected.includes(state)) return 'expected';
  if (flow.onsite.includes(state)) return 'onsite';
  if (flow.left.includes(state)) return 'left';
  return 'other';
}
