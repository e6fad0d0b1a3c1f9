import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { kioskName } from '../../lib/format.ts';
import { useParty } from './party-store.ts';
import { useTranslation } from './use-translation.ts';
import './party.css';

/** The others of the visit still expected today: tick who is here, and they are checked in with the guest. */
export function PartyPicker() {
  const { t } = useTranslation();
  const { members, ticked, toggle } = useParty(
    useShallow((s) => ({ members: s.members, ticked: s.ticked, toggle: s.toggle })),
  );
  if (members.length === 0) return null;
  return (
    <fieldset className="kiosk-party" data-testid="kiosk-party">
      <legend className="kiosk-party-title">{t('partyTitle')}</legend>
      <p className="kiosk-party-hint">{t('partyHint')}</p>
      <ul>
        {members.map((member) => {
          const on = ticked.includes(member.ticket);
          // First name and initial, as the core gave them: nothing more of a guest who has not found themselves.
          const name = kioskName({ firstName: member.firstName, lastName: member.lastInitial });
          return (
            <li key={member.ticket}>
              <button
                type="button"
                role="checkbox"
                aria-checked={on}
                className={`kiosk-party-member${on ? ' ticked' : ''}`}
                onClick={() => toggle(member.ticket)}
                data-testid="kiosk-party-member"
              >
                <span className="kiosk-party-box" aria-hidden="true">
                  {on && <Icon name="check" size={26} />}
                </span>
                {name}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
