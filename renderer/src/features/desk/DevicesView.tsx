import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Device } from '../../../../shared/contract/hub.ts';
import { Icon } from '../../components/Icon.tsx';
import { HubCard } from './HubCard.tsx';
import { PrinterStates } from './PrintingNotice.tsx';

import { capitalised } from '../../lib/format.ts';
import { throttle } from '../../lib/throttle.ts';
import { useNow } from '../../lib/use-now.ts';
import { onAppEvent } from '../../stores/session.ts';
import { deviceOrder, type PairErrors, type PairField, presence, useDevices } from './devices-store.ts';
import './devices.css';

function NotAHub() {
  return (
    <section className="card devices-not-hub" data-testid="devices-not-hub" aria-labelledby="not-hub-title">
      <h2 id="not-hub-title">This Foyer is not a site hub</h2>
      <p>
        A site hub is the one Foyer that holds the guest list and the outbox for the whole site: lobby tablets and other
        reception screens open it in their browser, so a guest checked in at one shows everywhere at once, even while
        the internet is down.
      </p>
      <p>To make this Foyer the hub, on this machine:</p>
      <ul>
        <li>
          run <code>foyer hub</code> (it prints the address devices open and the security code they check), or
        </li>
        <li>
          in the desktop app, run <code>foyer config set hub.enabled true</code> and start Foyer again.
        </li>
      </ul>
      <p className="muted">The README’s “Setting up a site” walks through the rest.</p>
    </section>
  );
}

/** A field's refusal, right under it (and named by its aria-describedby). */
function FieldError({ errors, field }: { errors: PairErrors; field: PairField }) {
  const text = errors[field];
  if (!text) return null;
  return (
    <small id={`pair-${field}-error`} className="error-text" data-testid={`pair-${field}-error`}>
      {capitalised(text)}
    </small>
  );
}

function PairForm() {
  const { form, errors, pairing, paired, setForm, pair } = useDevices(
    useShallow((s) => ({
      form: s.form,
      errors: s.errors,
      pairing: s.pairing,
      paired: s.paired,
      setForm: s.setForm,
      pair: s.pair,
    })),
  );
  const describedBy = (field: keyof PairErrors) => (errors[field] ? `pair-${field}-error` : undefined);
  return (
    <section className="card devices-pair" aria-labelledby="pair-title">
      <h2 id="pair-title">Pair a device</h2>
      <p className="muted">
        Open this hub’s address on the new device and check its security code (under This hub). The device then shows a
        six-digit pairing code: type it here.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void pair().then((ok) => {
            if (!ok) document.querySelector<HTMLElement>('.devices-pair [aria-invalid="true"]')?.focus();
          });
        }}
        data-testid="pair-form"
      >
        <div className={`field${errors.code ? ' field-invalid' : ''}`}>
          <label htmlFor="pair-code">Code on the device</label>
          <input
            id="pair-code"
            className="pair-code-input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={7}
            placeholder="123456"
            value={form.code}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={describedBy('code')}
            onChange={(event) => setForm({ code: event.target.value.replace(/\s/g, '') })}
            data-testid="pair-code"
          />
          <FieldError errors={errors} field="code" />
        </div>
        <fieldset className={`pair-role${errors.role ? ' field-invalid' : ''}`} aria-describedby={describedBy('role')}>
          <legend>What it is</legend>
          {(
            [
              ['kiosk', 'Kiosk', 'Guests check themselves in'],
              ['desk', 'Desk', 'Staff unlock it with a PIN'],
            ] as const
          ).map(([role, label, hint]) => (
            <label key={role} className={`pair-role-option${form.role === role ? ' active' : ''}`}>
              <input
                type="radio"
                name="pair-role"
                value={role}
                checked={form.role === role}
                onChange={() => setForm({ role })}
                data-testid={`pair-role-${role}`}
              />
              <span>
                <strong>{label}</strong>
                <small>{hint}</small>
              </span>
            </label>
          ))}
          <FieldError errors={errors} field="role" />
        </fieldset>
        <div className={`field${errors.name ? ' field-invalid' : ''}`}>
          <label htmlFor="pair-name">Name</label>
          <input
            id="pair-name"
            maxLength={60}
            placeholder="e.g. Lobby kiosk 2"
            value={form.name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            onChange={(event) => setForm({ name: event.target.value })}
            data-testid="pair-name"
          />
          <FieldError errors={errors} field="name" />
        </div>
        {errors.form && (
          <div className="banner banner-error" role="alert">
            <Icon name="alert" />
            {capitalised(errors.form)}
          </div>
        )}
        <div className="button-row">
          <button type="submit" className="button-primary" disabled={pairing} data-testid="pair-submit">
            {pairing && <span className="spinner" aria-hidden="true" />}
            Pair
          </button>
          <span role="status" className="ok-text" data-testid="pair-done">
            {paired && (
              <>
                <Icon name="check" size={18} /> Paired “{paired.name}” as{' '}
                {paired.role === 'kiosk' ? 'a kiosk' : 'a desk'}.
              </>
            )}
          </span>
        </div>
      </form>
    </section>
  );
}

function DeviceRow({ device, now }: { device: Device; now: number }) {
  const { confirming, revoking, askRevoke, revoke } = useDevices(
    useShallow((s) => ({
      confirming: s.confirmingRevoke === device.id,
      revoking: s.revoking === device.id,
      askRevoke: s.askRevoke,
      revoke: s.revoke,
    })),
  );
  const revoked = device.revokedAt !== null;
  const state = revoked ? 'revoked' : device.connected ? 'connected' : 'away';
  // One device's pairing heard from two places at once: copied to another machine (or the device moved just now).
  const shared = !revoked && device.addresses.length > 1;
  return (
    <tr className={revoked ? 'device-revoked' : undefined} data-testid={`device-${device.id}`} data-state={state}>
      <th scope="row">
        <span className="cell-stack">
          <span data-testid="device-name">{device.name}</span>
          <span className="muted">{device.lastAddress ?? ''}</span>
          {shared && (
            <span className="error-text device-shared" role="note" data-testid="device-shared">
              <Icon name="alert" size={16} /> Used from {device.addresses.length} addresses:{' '}
              {device.addresses.join(', ')}. Its pairing may have been copied to another machine. If only one device
              should use it, revoke it and pair that device again.
            </span>
          )}
        </span>
      </th>
      <td>
        <span className={`tag device-role-${device.role}`}>{device.role === 'kiosk' ? 'Kiosk' : 'Desk'}</span>
      </td>
      <td>
        <span className={`device-presence presence-${state}`} data-testid="device-presence">
          <span className="dot" aria-hidden="true" />
          {presence(device, now)}
        </span>
      </td>
      <td className="num" data-testid="device-checkins">
        {device.today.checkIns}
      </td>
      <td className="num" data-testid="device-checkouts">
        {device.today.checkOuts}
      </td>
      <td className="num" data-testid="device-other">
        {device.today.other}
      </td>
      <td className="device-actions">
        {revoked ? null : confirming ? (
          <span className="revoke-confirm" role="group" aria-label={`Revoke ${device.name}?`}>
            <span className="revoke-question">It goes back to the pairing screen.</span>
            <button
              type="button"
              className="button-warn button-small"
              disabled={revoking}
              onClick={() => void revoke(device.id)}
              data-testid="revoke-confirm"
            >
              {revoking && <span className="spinner" aria-hidden="true" />}
              Revoke
            </button>
            <button type="button" className="button-ghost button-small" onClick={() => askRevoke(null)}>
              Cancel
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="button-secondary button-small"
            onClick={() => askRevoke(device.id)}
            data-testid="revoke"
          >
            Revoke…
          </button>
        )}
      </td>
    </tr>
  );
}

/** The desk's Devices view: the hub's address and security code, pairing, and every paired device live. */
export function DevicesView() {
  const { status, loadError, load } = useDevices(
    useShallow((s) => ({ status: s.status, loadError: s.loadError, load: s.load })),
  );
  const now = useNow(10_000);
  useEffect(() => {
    void load();
    // A device connecting, pairing or checking someone in: the hub says so, throttled on its side already. These
    // reloads are the screen's own (hub.status is passive in access/session.ts): they keep no staff session unlocked.
    const reload = throttle(() => void load(), 500);
    const stop = onAppEvent((event) => {
      if (event.type === 'devices-changed') reload();
    });
    return () => {
      stop();
      reload.cancel();
    };
  }, [load]);

  const devices = [...(status?.devices ?? [])].sort(deviceOrder);
  const active = devices.filter((d) => d.revokedAt === null);
  return (
    <main className="devices" data-testid="devices" aria-labelledby="devices-title">
      <h1 id="devices-title" className="sr-only">
        Devices
      </h1>
      {loadError && (
        <div className="banner banner-error" role="alert">
          <Icon name="alert" />
          {loadError}
          <button type="button" className="button-ghost button-small" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {!status ? (
        !loadError && (
          <div className="empty">
            <span className="spinner" aria-hidden="true" /> Loading devices…
          </div>
        )
      ) : !status.enabled ? (
        <NotAHub />
      ) : (
        <div className="devices-grid">
          <div className="devices-side">
            <PairForm />
          </div>
          <div className="devices-main">
            <HubCard status={status} />
            <PrinterStates />
            <section className="card devices-list" aria-labelledby="devices-list-title">
              <div className="card-head">
                <h2 id="devices-list-title">Paired devices</h2>
                <span className="muted" data-testid="devices-summary">
                  {active.length === 1 ? '1 device' : `${active.length} devices`},{' '}
                  {active.filter((d) => d.connected).length} connected
                  {status.pendingPairings > 0 &&
                    ` · ${status.pendingPairings === 1 ? '1 device shows' : `${status.pendingPairings} devices show`} a code`}
                </span>
              </div>
              {devices.length === 0 ? (
                <div className="empty">No device is paired yet. Pair the first one with its code.</div>
              ) : (
                <div className="table-wrap">
                  <table className="data-table" data-testid="device-table">
                    <thead>
                      <tr>
                        <th scope="col">Device</th>
                        <th scope="col">Role</th>
                        <th scope="col">Status</th>
                        <th scope="col" className="num">
                          Check-ins today
                        </th>
                        <th scope="col" className="num">
                          Check-outs
                        </th>
                        <th scope="col" className="num">
                          Other
                        </th>
                        <th scope="col">
                          <span className="sr-only">Actions</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {devices.map((device) => (
                        <DeviceRow key={device.id} device={device} now={now} />
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </div>
        </div>
      )}
    </main>
  );
}
