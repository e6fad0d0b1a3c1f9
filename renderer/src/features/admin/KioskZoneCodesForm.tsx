import { type FormEvent, useMemo, useState } from 'react';
import { captureGroups, type KioskSettings } from '../../../../shared/contract/settings.ts';
import { patternFromExample, readServiceCode } from '../../../../shared/domain/service-code.ts';
import { api } from '../../lib/api.ts';
import { useAdmin } from './admin-store.ts';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { useSave } from './use-save.ts';
import './site-settings.css';

const knownZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const localPatternError = (pattern: string) => {
  if (!pattern) return undefined;
  const groups = captureGroups(pattern);
  if (groups === undefined) return 'Not a valid regular expression: check the brackets and backslashes.';
  if (groups !== 1) return 'Put exactly one pair of brackets ( ), around the invitation number.';
  return undefined;
};

/**
 * The kiosk's day and the codes it accepts: its time zone, and the pattern of
 * the service's own invitation QR codes, with a field to try a code against
 * it. Saved as kiosk settings (settings.setKiosk), these two only.
 */
export function KioskZoneCodesForm({ initial }: { initial: KioskSettings }) {
  const settingsSaved = useAdmin((s) => s.settingsSaved);
  const saver = useSave();
  const [zone, setZone] = useState(initial.timeZone ?? '');
  const [pattern, setPattern] = useState(initial.codes.servicePattern ?? '');
  const [sample, setSample] = useState('');
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);

  const localZoneError =
    zone.trim() && !knownZone(zone.trim())
      ? 'Not a time zone: choose one from the list, e.g. Europe/Berlin.'
      : undefined;
  const zoneError = localZoneError ?? fieldError(saver, 'timeZone');
  const patternError = localPatternError(pattern.trim()) ?? fieldError(saver, 'codes.servicePattern', 'codes');
  const reading = sample.trim() ? readServiceCode(pattern.trim() || null, sample) : undefined;
  const suggestion = sample.trim() && reading && 'reason' in reading ? patternFromExample(sample) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (localZoneError ?? localPatternError(pattern.trim())) return;
    const saved = await saver.run(() =>
      api.call('settings.setKiosk', {
        timeZone: zone.trim() || null,
        codes: { servicePattern: pattern.trim() || null },
      }),
    );
    if (saved) settingsSaved({ kioskSettings: saved });
  };
  const edit = (apply: () => void) => {
    apply();
    saver.edited();
  };

  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="kiosk-zone-codes">
      <header className="card-head">
        <div>
          <h2>Kiosk: day and invitation codes</h2>
          <p className="muted">Which day is “today” at the kiosk, and which QR codes it accepts.</p>
        </div>
      </header>
      <Field
        label="Time zone"
        error={zoneError}
        hint="The kiosk finds the guests of today in this time zone. Empty: the time zone of the machine Foyer runs on (the hub’s, on a site with a hub)."
      >
        <input
          list="kiosk-time-zones"
          value={zone}
          placeholder="e.g. Europe/Berlin"
          maxLength={64}
          onChange={(e) => edit(() => setZone(e.target.value))}
          aria-invalid={Boolean(zoneError)}
          data-testid="setting-time-zone"
        />
      </Field>
      <datalist id="kiosk-time-zones">
        {zones.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>

      <h3 className="form-section">The service’s invitation QR codes</h3>
      <div className="muted explain" data-testid="service-pattern-help">
        <p>
          Without a pattern, the kiosk’s scanner accepts only the passes Foyer prints on badges, and guests can only
          type their name. To let guests scan the QR code of their invitation email:
        </p>
        <ol>
          <li>
            Scan the QR code of one invitation email with a phone’s camera, and copy the text it shows (often a web
            address such as <code>https://visit.example.com/i/4711</code>).
          </li>
          <li>Paste it under “Try a code” below, and choose “Use this code as the example”.</li>
          <li>Check that other invitations’ codes give their own invitation number, then save.</li>
        </ol>
        <p>
          The pattern is a regular expression with one pair of brackets around the invitation number, e.g.{' '}
          <code>^https://visit\.example\.com/i/(\d+)$</code>: <code>^</code> and <code>$</code> mark the start and the
          end, <code>\.</code> is a dot, <code>(\d+)</code> is the number.
        </p>
      </div>
      <Field label="Pattern" error={patternError} hint="Empty: only the passes Foyer prints.">
        <input
          value={pattern}
          maxLength={500}
          spellCheck={false}
          onChange={(e) => edit(() => setPattern(e.target.value))}
          aria-invalid={Boolean(patternError)}
          data-testid="setting-service-pattern"
        />
      </Field>
      <Field label="Try a code" hint="Paste the text of a scanned invitation code: it is not saved.">
        <input
          value={sample}
          maxLength={500}
          spellCheck={false}
          onChange={(e) => setSample(e.target.value)}
          data-testid="service-code-sample"
        />
      </Field>
      {reading && (
        <p
          className={'id' in reading ? 'try-code try-code-ok' : 'try-code try-code-miss'}
          role="status"
          data-testid="service-code-result"
        >
          {'id' in reading ? `This code opens invitation ${reading.id}.` : `No invitation: ${reading.reason}.`}
          {suggestion && (
            <button
              type="button"
              className="button-secondary button-small"
              onClick={() => edit(() => setPattern(suggestion))}
              data-testid="service-pattern-from-sample"
            >
              Use this code as the example
            </button>
          )}
        </p>
      )}
      <SaveRow saver={saver} disabled={Boolean(localZoneError ?? localPatternError(pattern.trim()))} />
    </form>
  );
}
