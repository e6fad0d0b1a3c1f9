/**
 * The documents guests sign at the kiosk (agreements) and the kiosk's photos:
 * each document's title, its text per language (one paragraph a line), whom
 * it applies to and how long a signature holds; how long signed copies and
 * photos are kept; whether the kiosk takes photos, with its consent line.
 * An edited text is a new version: guests who signed an older one are asked
 * again. Checked by the core when saved, each refusal at its field.
 */
import { type FormEvent, useEffect, useState } from 'react';
import {
  AGREEMENT_AUDIENCES,
  type AgreementAudience,
  type AgreementSettings,
  type TextsByLanguage,
} from '../../../../shared/contract/agreements.ts';
import type { PhotoSettings } from '../../../../shared/contract/photos.ts';
import { api } from '../../lib/api.ts';
import { KIOSK_LANGUAGES, type KioskLanguage } from '../../lib/languages.ts';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { useSave } from './use-save.ts';

const AUDIENCES: Record<AgreementAudience, string> = {
  both: 'Invited guests and walk-ins',
  invited: 'Invited guests',
  walkIns: 'Walk-ins',
};

/** Paragraphs as the textarea shows them (a blank line between two), and back. */
const asText = (paragraphs: string[] | undefined) => (paragraphs ?? []).join('\n\n');
const asParagraphs = (text: string) =>
  text
    .split(/\n/)
    .map((line) => line.trim())
    .filter(Boolean);

interface DocumentShown {
  id: string;
  title: string;
  texts: TextsByLanguage;
  appliesTo: AgreementAudience;
  validDays: string;
  /** The language whose text the form shows. */
  language: KioskLanguage;
}

function LanguageText({
  label,
  texts,
  language,
  onLanguage,
  onText,
  testId,
  error,
}: {
  label: string;
  texts: TextsByLanguage;
  language: KioskLanguage;
  onLanguage(language: KioskLanguage): void;
  onText(texts: TextsByLanguage): void;
  testId: string;
  error?: string | undefined;
}) {
  // What is being typed, as typed (a new line stays until its paragraph is written); the saved form is paragraphs.
  const [draft, setDraft] = useState<{ language: KioskLanguage; text: string } | null>(null);
  const written = KIOSK_LANGUAGES.filter((l) => (texts[l.code] ?? []).length > 0).map((l) => l.code);
  return (
    <div className="agreement-language-text">
      <Field label={`${label}: language`} hint={written.length ? `Written in: ${written.join(', ')}` : undefined}>
        <select
          value={language}
          onChange={(e) => onLanguage(e.target.value as KioskLanguage)}
          data-testid={`${testId}-language`}
        >
          {KIOSK_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name} ({l.code})
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={label}
        error={error}
        hint="Plain text, one paragraph a line. A language without a text shows the kiosk's start language's."
      >
        <textarea
          rows={6}
          value={draft?.language === language ? draft.text : asText(texts[language])}
          onChange={(e) => {
            setDraft({ language, text: e.target.value });
            onText({ ...texts, [language]: asParagraphs(e.target.value) });
          }}
          data-testid={testId}
        />
      </Field>
    </div>
  );
}

export function AgreementsForm() {
  const saver = useSave();
  const [documents, setDocuments] = useState<DocumentShown[] | null>(null);
  const [versions, setVersions] = useState<Record<string, number>>({});
  const [retention, setRetention] = useState('');
  const show = (settings: AgreementSettings & { versions: Record<string, number> }) => {
    setDocuments(
      settings.documents.map((d) => ({ ...d, validDays: String(d.validDays), language: 'EN' as KioskLanguage })),
    );
    setVersions(settings.versions);
    setRetention(settings.signatureRetentionDays === null ? '' : String(settings.signatureRetentionDays));
  };
  useEffect(() => {
    api.call('agreements.settings', {}).then(show, () => undefined);
  }, []);
  const edit = (index: number, patch: Partial<DocumentShown>) => {
    setDocuments((docs) => docs && docs.map((d, i) => (i === index ? { ...d, ...patch } : d)));
    saver.edited();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!documents) return;
    const saved = await saver.run(() =>
      api.call('agreements.setSettings', {
        documents: documents.map(({ language: _language, validDays, ...d }) => ({
          ...d,
          validDays: validDays.trim() === '' ? 0 : Number(validDays),
        })),
        signatureRetentionDays: retention.trim() === '' ? null : Number(retention),
      }),
    );
    if (saved) show(saved);
  };
  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="agreements-settings">
      <header className="card-head">
        <div>
          <h2>Agreements</h2>
          <p className="muted">
            Documents guests sign at the kiosk before checking in (an NDA, house rules). The signed copies are kept on
            this Foyer as PDF and never sent to the service. Editing a text makes a new version: guests who signed an
            older one are asked again.
          </p>
        </div>
      </header>
      {documents?.map((doc, i) => (
        <fieldset key={i} className="agreement-document" data-testid="agreement-document">
          <legend>
            {doc.title || 'New document'}
            {versions[doc.id] !== undefined && <span className="muted"> · version {versions[doc.id]}</span>}
          </legend>
          <Field label="Id" error={fieldError(saver, `documents.${i}.id`)} hint="What signatures name, e.g. nda">
            <input value={doc.id} onChange={(e) => edit(i, { id: e.target.value })} data-testid="agreement-id" />
          </Field>
          <Field label="Title" error={fieldError(saver, `documents.${i}.title`)}>
            <input
              value={doc.title}
              onChange={(e) => edit(i, { title: e.target.value })}
              data-testid="agreement-title"
            />
          </Field>
          <LanguageText
            label="Text"
            texts={doc.texts}
            language={doc.language}
            onLanguage={(language) => edit(i, { language })}
            onText={(texts) => edit(i, { texts })}
            testId="agreement-text"
            error={fieldError(saver, `documents.${i}.texts`)}
          />
          <Field label="Applies to">
            <select
              value={doc.appliesTo}
              onChange={(e) => edit(i, { appliesTo: e.target.value as AgreementAudience })}
              data-testid="agreement-applies-to"
            >
              {AGREEMENT_AUDIENCES.map((a) => (
                <option key={a} value={a}>
                  {AUDIENCES[a]}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="A signature holds (days)"
            error={fieldError(saver, `documents.${i}.validDays`)}
            hint="0: asked at every visit. 365: once a year."
          >
            <input
              type="number"
              min={0}
              max={3650}
              value={doc.validDays}
              onChange={(e) => edit(i, { validDays: e.target.value })}
              data-testid="agreement-valid-days"
            />
          </Field>
          <button
            type="button"
            className="button-ghost"
            onClick={() => {
              setDocuments((docs) => docs && docs.filter((_, j) => j !== i));
              saver.edited();
            }}
            data-testid="agreement-remove"
          >
            Remove this document
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button-secondary"
        disabled={!documents || documents.length >= 10}
        onClick={() => {
          setDocuments((docs) => [
            ...(docs ?? []),
            { id: '', title: '', texts: {}, appliesTo: 'both', validDays: '365', language: 'EN' },
          ]);
          saver.edited();
        }}
        data-testid="agreement-add"
      >
        Add a document
      </button>
      <Field
        label="Keep signed copies (days)"
        error={fieldError(saver, 'signatureRetentionDays')}
        hint="Empty: as long as the visit data (Sync, retention)."
      >
        <input
          type="number"
          min={1}
          max={3650}
          value={retention}
          disabled={!documents}
          onChange={(e) => {
            setRetention(e.target.value);
            saver.edited();
          }}
          data-testid="agreement-retention"
        />
      </Field>
      <SaveRow saver={saver} disabled={!documents} />
    </form>
  );
}

export function PhotosForm() {
  const saver = useSave();
  const [shown, setShown] = useState<(Omit<PhotoSettings, 'retentionDays'> & { retentionDays: string }) | null>(null);
  const [language, setLanguage] = useState<KioskLanguage>('EN');
  const show = (settings: PhotoSettings) => setShown({ ...settings, retentionDays: String(settings.retentionDays) });
  useEffect(() => {
    api.call('photos.siteSettings', {}).then(show, () => undefined);
  }, []);
  const edit = (patch: Partial<NonNullable<typeof shown>>) => {
    setShown((s) => (s ? { ...s, ...patch } : s));
    saver.edited();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!shown) return;
    const saved = await saver.run(() =>
      api.call('photos.setSettings', { ...shown, retentionDays: Number(shown.retentionDays) }),
    );
    if (saved) show(saved);
  };
  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="photos-settings">
      <header className="card-head">
        <div>
          <h2>Photos</h2>
          <p className="muted">
            The kiosk takes the guest’s photo for the badge, the desk and the roll call (after the consent line below).
            Kept on this Foyer only, never sent to the service. A guest without a camera, or who does not want one,
            checks in without.
          </p>
        </div>
      </header>
      <label className="choice">
        <input
          type="checkbox"
          checked={shown?.enabled ?? false}
          disabled={!shown}
          onChange={(e) => edit({ enabled: e.target.checked })}
          data-testid="photos-enabled"
        />
        <span>Take a photo at the kiosk</span>
      </label>
      {shown && (
        <LanguageText
          label="Consent line"
          texts={shown.consentTexts}
          language={language}
          onLanguage={setLanguage}
          onText={(consentTexts) => edit({ consentTexts })}
          testId="photos-consent"
          error={fieldError(saver, 'consentTexts')}
        />
      )}
      <Field label="Keep photos (days)" error={fieldError(saver, 'retentionDays')}>
        <input
          type="number"
          min={1}
          max={3650}
          value={shown?.retentionDays ?? ''}
          disabled={!shown}
          onChange={(e) => edit({ retentionDays: e.target.value })}
          data-testid="photos-retention"
        />
      </Field>
      <SaveRow saver={saver} disabled={!shown} />
    </form>
  );
}
