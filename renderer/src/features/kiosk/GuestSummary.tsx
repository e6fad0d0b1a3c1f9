import type { KioskGuest } from '../../../../shared/contract/kiosk.ts';
import { Icon } from '../../components/Icon.tsx';
import { writesFamilyNameFirst } from '../../../../shared/domain/person-name.ts';
import { formatTimeRange, kioskName } from '../../lib/format.ts';

export function initials(guest: Pick<KioskGuest, 'firstName' | 'lastName'>): string {
  // A name written family name first (Chinese, Japanese, Korean): its sign is its family name's first character.
  if (writesFamilyNameFirst(guest)) return Array.from(guest.lastName?.trim() || guest.firstName?.trim() || '?')[0]!;
  const letters = [guest.firstName, guest.lastName].map((part) => Array.from(part?.trim() ?? '')[0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}

/** What a guest sees of an invitation: first name, last initial, company, time. */
export function GuestSummary({ guest, locale, large }: { guest: KioskGuest; locale: string; large?: boolean }) {
  const time = formatTimeRange(guest.startsAt, guest.endsAt, locale);
  return (
    <div className={`guest-summary${large ? ' large' : ''}`}>
      <span className="avatar" aria-hidden="true">
        {initials(guest)}
      </span>
      <span className="guest-summary-text">
        <span className="guest-name">{kioskName(guest) || '—'}</span>
        <span className="guest-lines">
          {guest.companyName && (
            <span className="guest-line">
              <Icon name="building" size={large ? 20 : 18} />
              {guest.companyName}
            </span>
          )}
          {time && (
            <span className="guest-line">
              <Icon name="clock" size={large ? 20 : 18} />
              {time}
            </span>
          )}
        </span>
      </span>
    </div>
  );
}
