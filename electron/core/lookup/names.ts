/** How a person's name is written for people to read. */
import { HAN } from '../../../shared/contract/kiosk.ts';

/**
 * "First Last", or family name first without a space for a name written in
 * Chinese characters ("王超", not "超 王").
 */
export function displayName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim() ?? '';
  const last = lastName?.trim() ?? '';
  if (HAN.test(first) || HAN.test(last)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(' ');
}

/** Several guests as a person reads them: "2 guests: Sophie Turner, Ben Ito" (the first 20 by name). */
export function guestsSubject(guests: readonly { firstName: string | null; lastName: string | null }[]): string {
  const names = guests.slice(0, 20).map((g) => displayName(g.firstName, g.lastName) || 'a guest without a name');
  const more = guests.length > 20 ? ` and ${guests.length - 20} more` : '';
  return `${guests.length} guest${guests.length === 1 ? '' : 's'}: ${names.join(', ')}${more}`;
}
