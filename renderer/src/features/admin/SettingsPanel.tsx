import { type FormEvent, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { RetentionKind, SettingsView } from '../../../../shared/contract/settings.ts';
import { Icon } from '../../components/Icon.tsx';
import { adminSettings } from '../../domains.ts';
import { api } from '../../lib/api.ts';
import { useAdmin } from './admin-store.ts';
import { AutoCheckOutForm } from './AutoCheckOutForm.tsx';
import { ConnectionForm } from './ConnectionForm.tsx';
import { WatchlistForm } from './WatchlistForm.tsx';
import { AgreementsForm, PhotosForm } from './AgreementsForm.tsx';
import { PrintersForm } from './PrintersForm.tsx';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { KioskForm } from './KioskForm.tsx';
import { KioskTextsForm } from './KioskTextsForm.tsx';
import { KioskZoneCodesForm } from './KioskZoneCodesForm.tsx';
import { SiteSettings } from './SiteSettings.tsx';
import { StaffCard } from './StaffCard.tsx';
import { useSave } from './use-save.ts';
import { PIN_PATTERN } from '../../../../shared/domain/pin.ts';

function PinForm({ role, set }: { role: 'desk' | 'admin'; set: boolean }) {
  const settingsSaved = useAdmin((s) => s.settingsSaved);
  const settings = useAdmin((s) => s.settings);
  const saver = useSave();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const local = pin && !PIN_PATTERN.test(pin) ? 'A PIN is 4 to 12 digits.' : undefined;
  const mismatch = again && again !== pin ? 'The two PINs differ.' : undefined;
  const save = async (value: string | null) => {
    const pins = await saver.run(() => api.call('settings.setPin', { role, pin: value }));
    if (pins && settings) {
      settingsSaved({ settings: { ...settings, pins } });
      setPin('');
      setAgain('');
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!local && !mismatch && pin) void save(pin);
  };
  const title = role === 'desk' ? 'Desk PIN' : 'Admin PIN';
  return (
    <form className="pin-form" onSubmit={submit} data-testid={`pin-form-${role}`}>
      <h3>
        {title} <span className={set ? 'tag' : 'tag tag-warn'}>{set ? 'set' : 'not set'}</span>
      </h3>
      <p className="muted">
        {role === 'desk'
          ? 'Unlocks the reception desk from the kiosk.'
          : 'Unlocks everything, this console included. It cannot be removed here.'}
      </p>
      <div className="field-pair">
        <Field label={`New ${role} PIN`} error={local ?? fieldError(saver, 'pin')}>
          <input
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            value={pin}
            onChange={(e) => {
              setPin(e.target.value.trim());
              saver.edited();
            }}
            aria-invalid={Boolean(local ?? fieldError(saver, 'pin'))}
            data-testid={`pin-${role}`}
          />
        </Field>
        <Field label="The same again" error={mismatch}>
          <input
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            value={again}
            onChange={(e) => {
              setAgain(e.target.value.trim());
              saver.edited();
            }}
            aria-invalid={Boolean(mismatch)}
            data-testid={`pin-${role}-again`}
          />
        </Field>
      </div>
      <SaveRow
        saver={saver}
        label={set ? 'Change the PIN' : 'Set the PIN'}
        disabled={!pin || !again || Boolean(local ?? mismatch)}
      />
      {role === 'desk' && set && (
        <button type="button" className="button-ghost button-small" onClick={() => void save(null)}>
          Remove the desk PIN
        </button>
      )}
    </form>
  );
}

function PinsCard({ settings }: { settings: SettingsView }) {
  return (
    <section className="card settings-form" data-testid="pins">
      <header className="card-head">
        <div>
          <h2>PINs</h2>
          <p className="muted">They work from the next unlock on; sessions already open stay open.</p>
        </div>
      </header>
      <PinForm role="desk" set={settings.pins.desk} />
      <PinForm role="admin" set={settings.pins.admin} />
    </section>
  );
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function FlowForm({ settings }: { settings: SettingsView }) {
  const settingsSaved = useAdmin((s) => s.settingsSaved);
  const saver = useSave();
  const { flow } = settings;
  const [form, setForm] = useState({
    initialState: flow.initialState,
    expected: flow.expected.join(', '),
    onsite: flow.onsite.join(', '),
    left: flow.left.join(', '),
    ...flow.transitions,
  });
  const change = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }));
    saver.edited();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await saver.run(() =>
      api.call('settings.setFlow', {
        initialState: form.initialState.trim(),
        expected: list(form.expected),
        onsite: list(form.onsite),
        left: list(form.left),
        transitions: {
          kioskCheckIn: form.kioskCheckIn.trim(),
          deskCheckIn: form.deskCheckIn.trim(),
          checkOut: form.checkOut.trim(),
          undoCheckIn: form.undoCheckIn.trim(),
        },
      }),
    );
    if (saved) settingsSaved({ settings: { ...settings, flow: saved } });
  };
  const text = (key: keyof typeof form, label: string, paths: string[], hint?: string) => (
    <Field label={label} error={fieldError(saver, ...paths)} hint={hint}>
      <input
        value={form[key]}
        onChange={(e) => change({ [key]: e.target.value })}
        aria-invalid={Boolean(fieldError(saver, ...paths))}
        data-testid={`flow-${key}`}
      />
    </Field>
  );
  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="flow-form">
      <header className="card-head">
        <div>
          <h2>Check-in flow</h2>
          <p className="muted">
            How the service’s check-in states are shown, and the event each action sends. The defaults match the
            reference service; change them only as your service documents its flow.
          </p>
        </div>
      </header>
      <h3 className="form-section">States (comma-separated)</h3>
      {text('expected', 'Expected', ['expected', 'expected.0'])}
      {text('onsite', 'On site', ['onsite', 'onsite.0'])}
      {text('left', 'Left', ['left', 'left.0'])}
      {text('initialState', 'State of a guest not yet checked in', ['initialState'], 'One of the expected states.')}
      <h3 className="form-section">Event name sent by each action</h3>
      <div className="field-pair">
        {text('kioskCheckIn', 'Check-in at the kiosk', ['transitions.kioskCheckIn'])}
        {text('deskCheckIn', 'Check-in at the desk', ['transitions.deskCheckIn'])}
      </div>
      <div className="field-pair">
        {text('checkOut', 'Check-out', ['transitions.checkOut'])}
        {text('undoCheckIn', 'Undo a check-in', ['transitions.undoCheckIn'])}
      </div>
      <SaveRow saver={saver} />
    </form>
  );
}

const INTERVALS = [
  ['incrementalSeconds', 'Invitations changed since the last sync, every', 5],
  ['fullSeconds', 'Every invitation (removes deleted ones), every', 60],
  ['checkInsSeconds', 'Check-ins, every', 5],
  ['referenceSeconds', 'Access profile groups and employees, every', 60],
] as const;

/** The kinds of personal data with a retention of their own besides visits (retentionDays), and their words. */
const OTHER_KINDS = [
  ['walkIns', 'Walk-in requests'],
  ['photos', 'Photos'],
  ['signatures', 'Signatures'],
  ['audit', 'Audit log entries'],
] as const satisfies readonly (readonly [Exclude<RetentionKind, 'visits'>, string])[];

/** A kind's figure as the form shows it: empty while it follows visits. */
const ownDays = (settings: SettingsView, kind: RetentionKind) => {
  const row = settings.retention.find((r) => r.kind === kind);
  return row && !row.asVisits ? String(row.days) : '';
};

function SyncForm({ settings }: { settings: SettingsView }) {
  const settingsSaved = useAdmin((s) => s.settingsSaved);
  const saver = useSave();
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(INTERVALS.map(([key]) => [key, String(settings.intervals[key])])),
    ...Object.fromEntries(OTHER_KINDS.map(([kind]) => [`${kind}Days`, ownDays(settings, kind)])),
    retentionDays: String(settings.retentionDays),
    windowDaysBack: String(settings.windowDaysBack),
    windowDaysAhead: String(settings.windowDaysAhead),
  }));
  const change = (key: string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    saver.edited();
  };
  const whole = (key: string, min: number, max: number) => {
    const n = Number(values[key]);
    return Number.isInteger(n) && n >= min && n <= max ? undefined : `A whole number from ${min} to ${max}.`;
  };
  const local: Record<string, string | undefined> = {
    ...Object.fromEntries(INTERVALS.map(([key, , min]) => [key, whole(key, min, 86_400)])),
    retentionDays: whole('retentionDays', 1, 3650),
    windowDaysBack: whole('windowDaysBack', 0, 60),
    windowDaysAhead: whole('windowDaysAhead', 0, 365),
    ...Object.fromEntries(
      OTHER_KINDS.map(([kind]) => [
        `${kind}Days`,
        values[`${kind}Days`]?.trim() ? whole(`${kind}Days`, 1, 3650) : undefined,
      ]),
    ),
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (Object.values(local).some(Boolean)) return;
    const saved = await saver.run(() =>
      api.call('settings.setSync', {
        intervals: Object.fromEntries(INTERVALS.map(([key]) => [key, Number(values[key])])),
        retentionDays: Number(values.retentionDays),
        windowDaysBack: Number(values.windowDaysBack),
        windowDaysAhead: Number(values.windowDaysAhead),
        // Empty: the kind follows visits again.
        retention: Object.fromEntries(
          OTHER_KINDS.map(([kind]) => {
            const text = values[`${kind}Days`]?.trim();
            return [`${kind}Days`, text ? Number(text) : null];
          }),
        ),
      }),
    );
    if (saved) settingsSaved({ settings: saved });
  };
  const number = (key: string, label: string, unit: string, hint?: string) => {
    const error = local[key] ?? fieldError(saver, key, `intervals.${key}`, `retention.${key}`);
    return (
      <Field key={key} label={`${label} (${unit})`} error={error} hint={hint}>
        <input
          type="number"
          value={values[key]}
          onChange={(e) => change(key, e.target.value)}
          aria-invalid={Boolean(error)}
          data-testid={`sync-${key}`}
        />
      </Field>
    );
  };
  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="sync-form">
      <header className="card-head">
        <div>
          <h2>Sync and retention</h2>
          <p className="muted">
            How often Foyer asks the service, and how long it keeps each kind of personal data (checked once a day).
          </p>
        </div>
      </header>
      {INTERVALS.map(([key, label]) => number(key, label, 'seconds'))}
      <div className="field-pair">
        {number('windowDaysBack', 'Guests kept from this many days back', 'days')}
        {number('windowDaysAhead', 'to this many days ahead', 'days')}
      </div>
      <h3 className="form-section">Retention of personal data</h3>
      {number('retentionDays', 'Visits (guests who left) are removed after', 'days')}
      {OTHER_KINDS.map(([kind, label]) => {
        const row = settings.retention.find((r) => r.kind === kind);
        const figure = row
          ? `Now ${row.days} days${row.asVisits ? ', as visits' : ''}${row.held ? '' : '; this Foyer holds none yet'}.`
          : undefined;
        return number(`${kind}Days`, `${label} are removed after`, 'days', `Empty: as visits. ${figure ?? ''}`.trim());
      })}
      <SaveRow saver={saver} disabled={Object.values(local).some(Boolean)} />
    </form>
  );
}

export function SettingsPanel() {
  const { kioskSettings, settings, error, loadSettings } = useAdmin(
    useShallow((s) => ({
      kioskSettings: s.kioskSettings,
      settings: s.settings,
      error: s.settingsError,
      loadSettings: s.loadSettings,
    })),
  );
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);
  if (!kioskSettings || !settings)
    return error ? (
      <div className="banner banner-error" role="alert">
        <Icon name="alert" />
        The settings could not be loaded: {error}
      </div>
    ) : (
      <p className="muted">Loading…</p>
    );
  return (
    <div className="settings-grid" data-testid="settings">
      <ConnectionForm settings={settings} />
      <PinsCard settings={settings} />
      <StaffCard />
      <KioskForm initial={kioskSettings} />
      <KioskTextsForm saved={kioskSettings} />
      <KioskZoneCodesForm initial={kioskSettings} />
      <PrintersForm />
      {adminSettings().map((Card, i) => (
        <Card key={i} />
      ))}
      <WatchlistForm />
      <AgreementsForm />
      <PhotosForm />
      <FlowForm settings={settings} />
      <SyncForm settings={settings} />
      <AutoCheckOutForm settings={settings} />
      <SiteSettings />
    </div>
  );
}
