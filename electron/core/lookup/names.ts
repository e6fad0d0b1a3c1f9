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
