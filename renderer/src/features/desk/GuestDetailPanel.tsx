import { type ReactNode, useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DeskGuest } from '../../../../shared/contract/guests.ts';
import { Icon } from '../../components/Icon.tsx';
import { deskSlot } from '../../domains.ts';
import { employeeName } from '../../../../shared/domain/person-name.ts';
import { formatDateTime, formatTimeRange, fullName } from '../../lib/format.ts';
import { useDesk } from './desk-store.ts';
import { GuestPass } from './GuestPass.tsx';
import { walkInOnItsWay } from './guest-lists.ts';
import { ActionButtons, StateBadge } from './GuestTable.tsx';
import { identityBadges, readableFields } from './identity.ts';
import { ReprintBadge } from './ReprintBadge.tsx';
import { GuestAgreements, GuestPhoto } from './GuestAgreements.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children || <span className="muted">—</span>}</dd>
    </div>
  );
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : undefined;

/** One guest with everything the desk may know: visit, host, identity check, access, the service's own fields. */
export function GuestDetailPanel({ fallback }: { fallback: DeskGuest | undefined }) {
  const { detail, loading, busy, pin, select, transition, revealPin, hidePin } = useDesk(
    useShallow((s) => ({
      detail: s.detail,
      loading: s.detailLoading,
      busy: s.selectedId === null ? undefined : s.busy[s.selectedId],
      pin: s.revealedPin,
      select: s.select,
      transition: s.transition,
      revealPin: s.revealPin,
      hidePin: s.hidePin,
    })),
  );
  const panel = useRef<HTMLElement>(null);
  const guest = detail ?? fallback;
  const id = guest?.invitationId;
  useEffect(() => {
    // Opening a guest moves the focus into the panel, so that Escape and Tab work from there.
    panel.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [id]);
  if (!guest) return null;

  const legitimation = record(detail?.legitimation);
  const legitimationGuest = record(legitimation?.guest);
  const access = record(detail?.accessControl);
  const credential = record(access?.credential);
  const accessWindow = record(access?.access);
  const badges = identityBadges(detail?.trustedId ?? null);
  const custom = readableFields(detail?.customFields ?? null);

  return (
    <aside className="detail-panel" aria-labelledby="detail-title" data-testid="guest-detail" ref={panel}>
      <header className="detail-head">
        <GuestPhoto key={guest.invitationId} invitationId={guest.invitationId} />
        <div>
          <h2 id="detail-title" tabIndex={-1}>
            {fullName(guest)}
          </h2>
          <p className="muted">{guest.companyName ?? 'No company'}</p>
        </div>
        <button type="button" className="icon-button" onClick={() => select(null)} aria-label="Close details">
          <Icon name="close" />
        </button>
      </header>
      <div className="detail-state">
        <StateBadge guest={guest} />
        <div className="detail-actions">
          <ActionButtons
            guest={guest}
            busy={busy}
            onAction={(action) => void transition(guest.invitationId, action)}
            size="normal"
          />
          {deskSlot('guestActions').map((Action, i) => (
            <Action key={i} guest={guest} />
          ))}
          <ReprintBadge key={guest.invitationId} invitationId={guest.invitationId} />
        </div>
      </div>
      <div className="detail-body">
        <section aria-labelledby="detail-visit">
          <h3 id="detail-visit">Visit</h3>
          <dl className="facts">
            <Fact label="Event">{guest.eventName}</Fact>
            <Fact label="Time">{formatTimeRange(guest.startsAt, guest.endsAt)}</Fact>
            <Fact label="Arrived">{formatDateTime(guest.arrivedAt)}</Fact>
            <Fact label="Left">
              {guest.leftAt && (
                <>
                  {formatDateTime(guest.leftAt)}
                  {detail?.autoCheckedOutAt && (
                    <span className="muted" data-testid="auto-checked-out">
                      {' '}
                      · checked out automatically
                    </span>
                  )}
                </>
              )}
            </Fact>
            <Fact label="Invitation">#{guest.invitationId}</Fact>
          </dl>
        </section>
        <GuestAgreements key={guest.invitationId} invitationId={guest.invitationId} />
        <section aria-labelledby="detail-host">
          <h3 id="detail-host">Host</h3>
          {detail?.host ? (
            <dl className="facts">
              <Fact label="Name">{employeeName(detail.host)}</Fact>
              <Fact label="Email">
                {detail.host.email && <a href={`mailto:${detail.host.email}`}>{detail.host.email}</a>}
              </Fact>
            </dl>
          ) : (
            <p className="muted">{loading ? 'Loading…' : 'No host on this invitation.'}</p>
          )}
        </section>
        <section aria-labelledby="detail-guest">
          <h3 id="detail-guest">Guest</h3>
          <dl className="facts">
            <Fact label="Email">{guest.email}</Fact>
            <Fact label="Language">{guest.language}</Fact>
            {detail && <Fact label="Birthdate">{detail.birthdate}</Fact>}
          </dl>
        </section>
        {detail && (
          <>
            <section aria-labelledby="detail-identity">
              <h3 id="detail-identity">Identity check</h3>
              {badges.length > 0 ? (
                <ul className="id-badges" data-testid="identity-badges">
                  {badges.map((badge) => (
                    <li key={badge.label} className={`id-badge id-${badge.tone}`}>
                      <Icon
                        name={badge.tone === 'good' ? 'checkCircle' : badge.tone === 'bad' ? 'alert' : 'info'}
                        size={16}
                      />
                      <span>
                        <strong>{badge.label}</strong> {badge.value}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">No identity check was recorded.</p>
              )}
            </section>
            <section aria-labelledby="detail-access">
              <h3 id="detail-access">Access</h3>
              <dl className="facts">
                <Fact label="Door PIN">
                  {detail.hasPin &&
                    (pin ? (
                      <span className="pin-reveal">
                        <span className="pin-value" data-testid="pin-value">
                          {pin}
                        </span>
                        <button type="button" className="button-ghost button-small" onClick={hidePin}>
                          Hide
                        </button>
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="button-secondary button-small"
                        onClick={() => void revealPin()}
                        data-testid="reveal-pin"
                      >
                        <Icon name="lock" size={14} />
                        Show PIN
                      </button>
                    ))}
                </Fact>
                <Fact label="Reception card">{text(credential?.cardNumberReception)}</Fact>
                <Fact label="Kiosk card">{text(credential?.cardNumberKiosk)}</Fact>
                <Fact label="Door system card">{text(credential?.cardNumberAccessControlSystem)}</Fact>
                <Fact label="Access">
                  {accessWindow && formatTimeRange(text(accessWindow.startsAt), text(accessWindow.endsAt))}
                </Fact>
              </dl>
            </section>
            <section aria-labelledby="detail-pass">
              <h3 id="detail-pass">Guest pass</h3>
              {walkInOnItsWay(guest) ? (
                // A pass names an invitation: a walk-in has one once the service has their visit.
                <p className="muted">Once the service has this walk-in’s visit (at the next sync).</p>
              ) : (
                <GuestPass key={guest.invitationId} guest={guest} />
              )}
            </section>
            <section aria-labelledby="detail-legitimation">
              <h3 id="detail-legitimation">Legitimation</h3>
              {legitimation ? (
                <dl className="facts">
                  <Fact label="Valid">{formatTimeRange(text(legitimation.startsAt), text(legitimation.endsAt))}</Fact>
                  <Fact label="For">
                    {legitimationGuest &&
                      fullName(
                        {
                          firstName: text(legitimationGuest.firstName) ?? null,
                          lastName: text(legitimationGuest.lastName) ?? null,
                        },
                        '',
                      )}
                  </Fact>
                  <Fact label="Birthdate">{text(legitimationGuest?.birthdate)}</Fact>
                  <Fact label="Reference">{text(legitimation.sourceId)}</Fact>
                </dl>
              ) : (
                <p className="muted">None recorded.</p>
              )}
            </section>
            {custom.length > 0 && (
              <section aria-labelledby="detail-more">
                <h3 id="detail-more">More from the service</h3>
                <dl className="facts" data-testid="custom-fields">
                  {custom.map(([label, value]) => (
                    <Fact key={label} label={label}>
                      {value}
                    </Fact>
                  ))}
                </dl>
              </section>
            )}
          </>
        )}
      </div>
    </aside>
  );
}
