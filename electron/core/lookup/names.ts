/** Several people's names as one subject of a sentence (the audit log's). */
import { personName } from '../../../shared/domain/person-name.ts';

/** Several guests as a person reads them: "2 guests: Sophie Turner, Ben Ito" (the first 20 by name). */
export function guestsSubject(guests: readonly { firstName: string | null; lastName: string | null }[]): string {
  const names = guests.slice(0, 20).map((g) => personName(g) || 'a guest without a name');
  const more = guests.length > 20 ? ` and ${guests.length - 20} more` : '';
  return `${guests.length} guest${guests.length === 1 ? '' : 's'}: ${names.join(', ')}${more}`;
}
