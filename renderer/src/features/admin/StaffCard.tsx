import { type FormEvent, useCallback, useEffect, useState } from 'react';
import {
  CARD_CODE_HINT,
  CARD_CODE_PATTERN,
  STAFF_ROLES,
  type StaffMember,
  type StaffRole,
} from '../../../../shared/contract/staff.ts';
import { PIN_PATTERN } from '../../../../shared/domain/pin.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api.ts';
import { capitalised, formatDateTime } from '../../lib/format.ts';
import { onAppEvent } from '../../stores/session.ts';
import { message } from './error-text.ts';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { useSave } from './use-save.ts';

const ROLE_WORDS: Record<StaffRole, string> = { desk: 'Desk', admin: 'Admin' };
const EMPTY = { name: '', role: 'desk' as StaffRole, pin: '', cardCode: '' };

/** How the person unlocks, in words. */
const unlocksWith = (p: StaffMember) =>
  [p.hasPin && 'own PIN', p.hasCard && 'staff card'].filter(Boolean).join(' or ') || 'nothing';

/**
 * The site's named staff (staff.*): each person unlocks with a PIN of their
 * own or their staff card's code, and the audit log names them. The list is
 * read again when any screen changes it (staff-changed).
 */
export function StaffCard() {
  const saver = useSave();
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [working, setWorking] = useState(false);
  const [removed, setRemoved] = useState<string | null>(null);

  const load = useCallback(() => {
    api.call('staff.list', {}).then(
      ({ staff: list }) => {
        setStaff(list);
        setLoadError(null);
      },
      (e: unknown) => setLoadError(message(e)),
    );
  }, []);
  useEffect(() => {
    load();
    return onAppEvent((event) => {
      if (event.type === 'staff-changed') load();
    });
  }, [load]);

  const edit = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }));
    saver.edited();
  };
  const pin = form.pin.trim();
  const cardCode = form.cardCode.trim();
  const local = {
    name: form.name.trim() ? undefined : 'A name is needed.',
    pin: pin && !PIN_PATTERN.test(pin) ? 'A PIN is 4 to 12 digits.' : undefined,
    cardCode: cardCode && !CARD_CODE_PATTERN.test(cardCode) ? `${capitalised(CARD_CODE_HINT)}.` : undefined,
  };
  const blocked = Boolean(local.name ?? local.pin ?? local.cardCode) || (!pin && !cardCode);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    const added = await saver.run(() =>
      api.call('staff.add', {
        name: form.name.trim(),
        role: form.role,
        ...(pin ? { pin } : {}),
        ...(cardCode ? { cardCode } : {}),
      }),
    );
    if (added) {
      setForm(EMPTY);
      setRemoved(null);
      load();
    }
  };
  const remove = async (person: StaffMember) => {
    setWorking(true);
    try {
      const result = await api.call('staff.remove', { id: person.id });
      const ended = result.sessionsEnded;
      setRemoved(
        `${result.name} was removed: nothing of theirs unlocks any more` +
          (ended > 0 ? `, and ${ended} open ${ended === 1 ? 'screen was' : 'screens were'} locked.` : '.'),
      );
      load();
    } catch (e) {
      setLoadError(message(e));
    } finally {
      setWorking(false);
      setRemoving(null);
    }
  };
  const error = (key: keyof typeof local) => local[key] ?? fieldError(saver, key);

  return (
    <section className="card settings-form" data-testid="staff">
      <header className="card-head">
        <div>
          <h2>Staff</h2>
          <p className="muted">
            People who unlock with a PIN of their own or the code on their staff card; the audit log names each. The
            shared desk and admin PINs above keep working.
          </p>
        </div>
      </header>
      {loadError && (
        <div className="banner banner-error" role="alert">
          <Icon name="alert" />
          {loadError}
        </div>
      )}
      {removed && (
        <div className="banner banner-ok" role="status" data-testid="staff-removed">
          <Icon name="check" />
          {removed}
        </div>
      )}
      {staff && staff.length === 0 && <p className="muted">Nobody yet: everyone unlocks with the shared PINs.</p>}
      {staff && staff.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="staff-list">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Unlocks with</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.map((p) => (
                <tr key={p.id} data-testid="staff-row">
                  <td>
                    <div className="cell-stack">
                      <span>{p.name}</span>
                      <span className="muted">since {formatDateTime(p.addedAt)}</span>
                    </div>
                  </td>
                  <td>{ROLE_WORDS[p.role]}</td>
                  <td>{unlocksWith(p)}</td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className="button-ghost button-small"
                      onClick={() => setRemoving(p)}
                      aria-label={`Remove ${p.name}`}
                      data-testid={`staff-remove-${p.id}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form className="settings-form" onSubmit={(e) => void submit(e)} data-testid="staff-add">
        <h3 className="form-section">Add a person</h3>
        <div className="field-pair">
          <Field label="Name" error={error('name')}>
            <input
              value={form.name}
              maxLength={100}
              autoComplete="off"
              onChange={(e) => edit({ name: e.target.value })}
              aria-invalid={Boolean(error('name'))}
              data-testid="staff-name"
            />
          </Field>
          <Field label="Role" error={fieldError(saver, 'role')}>
            <select
              value={form.role}
              onChange={(e) => edit({ role: e.target.value as StaffRole })}
              data-testid="staff-role"
            >
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_WORDS[role]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="field-pair">
          <Field label="Their own PIN" error={error('pin')} hint="4 to 12 digits, not another person’s.">
            <input
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              value={form.pin}
              onChange={(e) => edit({ pin: e.target.value })}
              aria-invalid={Boolean(error('pin'))}
              data-testid="staff-pin"
            />
          </Field>
          <Field label="Staff card code" error={error('cardCode')} hint="Typed, or scanned into this field.">
            <input
              type="password"
              autoComplete="off"
              value={form.cardCode}
              // A scanner ends the code with Enter: it must not add the person before the form is read.
              onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
              onChange={(e) => edit({ cardCode: e.target.value })}
              aria-invalid={Boolean(error('cardCode'))}
              data-testid="staff-card"
            />
          </Field>
        </div>
        {!pin && !cardCode && <p className="muted">Give a PIN or a card code (or both).</p>}
        <SaveRow saver={saver} label="Add the person" disabled={blocked} />
      </form>
      {removing && (
        <ConfirmDialog
          question={`Remove ${removing.name}?`}
          detail="Their PIN and card stop unlocking anywhere on the site, and any screen they have open locks now. The audit log keeps their name on what they did."
          confirmLabel="Remove"
          icon="close"
          working={working}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
          testId="staff-remove-confirm"
        />
      )}
    </section>
  );
}
