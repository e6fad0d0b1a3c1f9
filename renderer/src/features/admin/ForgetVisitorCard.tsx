import { type FormEvent, useState } from 'react';
import type { FoundPerson, ForgetResult, PersonSelection } from '../../../../shared/contract/forget.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { saveFile } from '../../lib/save-file.ts';
import { message } from './error-text.ts';

const selectionOf = (p: FoundPerson): PersonSelection => ({
  invitationIds: p.invitationIds,
  checkInIds: p.checkInIds,
  walkInIds: p.walkInIds,
});

const personKey = (p: FoundPerson) =>
  `${p.name}|${p.email ?? ''}|${p.invitationIds.join(',')}|${p.walkInIds.join(',')}`;

/** What the site holds about the person, in words (what the lookup found; the export has every row). */
function heldWords(p: FoundPerson): string[] {
  return [
    p.email && `email ${p.email}`,
    p.companies.length > 0 && `${plural(p.companies.length, 'company', 'companies')}: ${p.companies.join(', ')}`,
    p.invitationIds.length > 0 && plural(p.invitationIds.length, 'invitation'),
    p.checkInIds.length > 0 && plural(p.checkInIds.length, 'visit'),
    p.walkInIds.length > 0 && plural(p.walkInIds.length, 'walk-in request'),
  ].filter((w): w is string => Boolean(w));
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/**
 * A visitor's data on request and their erasure (forget.*): find the person
 * (any script or spelling, or their email), see what the site holds, export it
 * (JSON, PDF), forget them. Their changes still waiting for the service are
 * confirmed first; afterwards the ids the service still holds are said plainly.
 */
export function ForgetVisitorCard() {
  const [text, setText] = useState('');
  const [found, setFound] = useState<FoundPerson[] | null>(null);
  const [chosen, setChosen] = useState<FoundPerson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [exported, setExported] = useState<string | null>(null);
  const [asking, setAsking] = useState<'erase' | { queued: string[] } | null>(null);
  const [result, setResult] = useState<{ name: string; result: ForgetResult } | null>(null);

  const run = async (what: string, work: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(null);
    }
  };
  const find = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < 2) return;
    void run('find', async () => {
      const { people } = await api.call('forget.find', { text: text.trim() });
      setFound(people);
      setChosen(people.length === 1 ? people[0]! : null);
      setExported(null);
      setResult(null);
    });
  };
  const exportAs = (person: FoundPerson, format: 'json' | 'pdf') =>
    run(format, async () => {
      const file = await api.call('forget.export', { person: selectionOf(person), format });
      saveFile(file.fileName, new Blob([bytesOf(file.base64)], { type: file.contentType }), file.contentType);
      setExported(`${file.fileName}: ${plural(file.items, 'item')} held about ${file.person}.`);
    });
  const erase = (person: FoundPerson, confirmQueued: boolean) =>
    run('erase', async () => {
      const answer = await api.call('forget.erase', { person: selectionOf(person), confirmQueued });
      if (!answer.done) {
        setAsking({ queued: answer.queued });
        return;
      }
      setAsking(null);
      setResult({ name: person.name, result: answer });
      setFound(null);
      setChosen(null);
      setExported(null);
      setText('');
    });

  return (
    <section className="card settings-form" data-testid="forget">
      <header className="card-head">
        <div>
          <h2>A visitor’s data</h2>
          <p className="muted">
            Find a person to export what this site holds about them (their right of access), or to forget them (their
            right to erasure): names, email, company, visits, walk-in requests and what was sent for them are erased
            from this site, and the audit log keeps its entries under a pseudonym.
          </p>
        </div>
      </header>
      <form className="forget-search" onSubmit={find} role="search">
        <label className="field">
          <span>Name or email</span>
          <input
            value={text}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            placeholder="Any script or spelling"
            onChange={(e) => setText(e.target.value)}
            data-testid="forget-text"
          />
        </label>
        <button
          type="submit"
          className="button-secondary"
          disabled={text.trim().length < 2 || busy !== null}
          data-testid="forget-find"
        >
          {busy === 'find' ? <span className="spinner" aria-hidden="true" /> : <Icon name="search" size={18} />}
          Find
        </button>
      </form>
      {error && (
        <div className="banner banner-error" role="alert">
          <Icon name="alert" />
          {error}
        </div>
      )}
      {found && found.length === 0 && <p className="muted">Nobody on this site matches “{text.trim()}”.</p>}
      {found && found.length > 1 && (
        <fieldset className="choice-row" data-testid="forget-people">
          <legend>Who is it?</legend>
          {found.map((p) => (
            <label className="choice" key={personKey(p)}>
              <input
                type="radio"
                name="forget-person"
                checked={chosen !== null && personKey(chosen) === personKey(p)}
                onChange={() => {
                  setChosen(p);
                  setExported(null);
                }}
                data-testid="forget-person"
              />
              <span>
                {p.name}
                {p.email && <span className="muted"> · {p.email}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {chosen && (
        <div className="forget-person" data-testid="forget-chosen">
          <h3>{chosen.name}</h3>
          <p className="muted">This site holds: {heldWords(chosen).join('; ') || 'mentions only'}.</p>
          <div className="button-row">
            <button
              type="button"
              className="button-secondary"
              disabled={busy !== null}
              onClick={() => void exportAs(chosen, 'json')}
              data-testid="forget-export-json"
            >
              <Icon name="download" size={18} />
              Export JSON
            </button>
            <button
              type="button"
              className="button-secondary"
              disabled={busy !== null}
              onClick={() => void exportAs(chosen, 'pdf')}
              data-testid="forget-export-pdf"
            >
              <Icon name="download" size={18} />
              Export PDF
            </button>
            <button
              type="button"
              className="button-warn"
              disabled={busy !== null}
              onClick={() => setAsking('erase')}
              data-testid="forget-erase"
            >
              Forget this person…
            </button>
          </div>
          {exported && (
            <p className="ok-text" role="status" data-testid="forget-exported">
              <Icon name="check" size={16} /> {exported}
            </p>
          )}
        </div>
      )}
      {result && <ForgetOutcome name={result.name} result={result.result} />}
      {chosen && asking === 'erase' && (
        <ConfirmDialog
          question={`Forget ${chosen.name}?`}
          detail="Everything this site holds about them is erased for good: it cannot be undone. Export their data first if they asked for it."
          confirmLabel="Forget"
          icon="close"
          working={busy === 'erase'}
          onConfirm={() => void erase(chosen, false)}
          onCancel={() => setAsking(null)}
          testId="forget-confirm"
        />
      )}
      {chosen && asking !== null && asking !== 'erase' && (
        <ConfirmDialog
          question="Some of their changes have not reached the service yet"
          detail="Forgetting them now sends these with a pseudonym in place of the name:"
          confirmLabel="Forget anyway"
          icon="close"
          working={busy === 'erase'}
          onConfirm={() => void erase(chosen, true)}
          onCancel={() => setAsking(null)}
          testId="forget-queued"
        >
          <ul>
            {asking.queued.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** What the erasure did, and what the service still holds, in plain words. */
function ForgetOutcome({ name, result }: { name: string; result: ForgetResult }) {
  const rows = Object.values(result.erased).reduce((sum, n) => sum + n, 0);
  const service = result.service;
  const serviceIds = service
    ? [
        service.invitationIds.length > 0 && `invitations ${service.invitationIds.join(', ')}`,
        service.checkInIds.length > 0 && `check-ins ${service.checkInIds.join(', ')}`,
        service.walkInEventSourceIds.length > 0 && `walk-in events ${service.walkInEventSourceIds.join(', ')}`,
      ].filter((w): w is string => Boolean(w))
    : [];
  return (
    <div className="forget-outcome" data-testid="forget-done">
      <div className="banner banner-ok" role="status">
        <Icon name="check" />
        <p>
          {name} was forgotten on this site ({plural(rows, 'row or file', 'rows or files')} erased). The audit log now
          calls them {result.pseudonym}.
        </p>
      </div>
      {result.stillFound.length > 0 && (
        <div className="banner banner-error" role="alert" data-testid="forget-still-found">
          <Icon name="alert" />
          <div>
            <p>These files of the data folder still hold the name or email; delete them by hand:</p>
            <ul>
              {result.stillFound.map((file) => (
                <li key={file}>{file}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {result.rewrittenFiles.length > 0 && (
        <p className="muted">
          The pseudonym replaced the name in {result.rewrittenFiles.join(', ')} (files kept in the data folder).
        </p>
      )}
      <div className="banner banner-warn" data-testid="forget-service">
        <Icon name="info" />
        <div>
          {serviceIds.length > 0 ? (
            <>
              <p>
                The service still holds them: Foyer cannot delete there (its interface has no delete). Ask the service’s
                operator to erase these records:
              </p>
              <ul>
                {serviceIds.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>Nothing of theirs was sent to the service.</p>
          )}
        </div>
      </div>
    </div>
  );
}
