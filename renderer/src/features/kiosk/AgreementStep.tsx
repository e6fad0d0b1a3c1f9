/**
 * A document to sign at the kiosk: its title and text in the guest's
 * language (text, never markup: React writes it as text), large and
 * scrolling on a 1080 × 1920 screen, the guest's name, a signature drawn
 * with a finger, or the name typed on the on-screen keyboard for a guest
 * who cannot draw, and Accept or Decline.
 */
import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { useAgreement } from './agreement-store.ts';
import { typeKey } from './keyboard-layout.ts';
import { OnScreenKeyboard } from './OnScreenKeyboard.tsx';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad.tsx';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';
import './agreement.css';

export function AgreementStep() {
  const { t, locale, language } = useTranslation();
  const heading = useFocusHeading();
  const { signer, document, total, index, accept, decline } = useAgreement(
    useShallow((s) => ({
      signer: s.signers[s.signer],
      document: s.signers[s.signer]?.documents[s.document],
      total: s.signers.reduce((n, x) => n + x.documents.length, 0),
      index: s.signers.slice(0, s.signer).reduce((n, x) => n + x.documents.length, 0) + s.document + 1,
      accept: s.accept,
      decline: s.decline,
    })),
  );
  const pad = useRef<SignaturePadHandle>(null);
  const [inked, setInked] = useState(false);
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!signer || !document) return null;
  const key = `${signer.ticket ?? 'walk-in'}-${document.documentId}`;

  const onAccept = async () => {
    const drawn = typing ? null : pad.current?.png();
    if (!drawn && !(typing && typed.trim())) return setMissing(true);
    setBusy(true);
    try {
      await accept(drawn ? { drawn } : { typed: typed.trim() });
    } finally {
      setBusy(false);
      setTyped('');
      setInked(false);
      setMissing(false);
    }
  };

  return (
    <section className="kiosk-agreement" data-testid="kiosk-agreement" data-document={document.documentId} key={key}>
      <p className="agreement-intro">
        {t('agreementIntro', { name: signer.name })}
        {total > 1 && <span className="agreement-progress"> {t('agreementProgress', { current: index, total })}</span>}
      </p>
      <h1 className="kiosk-title" tabIndex={-1} ref={heading} data-testid="agreement-title">
        {document.title}
      </h1>
      {/* Text, never HTML: whatever an admin wrote is shown as written. */}
      <div
        className="agreement-text"
        tabIndex={0}
        role="document"
        aria-label={document.title}
        lang={document.language === 'ZH_CN' ? 'zh-CN' : document.language.toLowerCase()}
        data-testid="agreement-text"
      >
        {document.paragraphs.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      <div className="agreement-signer" data-testid="agreement-signer">
        {signer.name}
      </div>
      {typing ? (
        <div className="agreement-typed">
          <label htmlFor="agreement-typed-name">{t('agreementTypedLabel')}</label>
          <input
            id="agreement-typed-name"
            value={typed}
            inputMode="none"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setTyped(event.target.value);
              setMissing(false);
            }}
            data-testid="agreement-typed-name"
          />
          <OnScreenKeyboard language={language} onKey={(k) => setTyped((v) => typeKey(v, k, locale))} />
        </div>
      ) : (
        <div className="agreement-draw">
          <p className="kiosk-hint">{t('agreementSignHere')}</p>
          <SignaturePad
            ref={pad}
            label={t('agreementSignHere')}
            onInk={(has) => {
              setInked(has);
              if (has) setMissing(false);
            }}
          />
          <button
            type="button"
            className="button-ghost"
            onClick={() => pad.current?.clear()}
            disabled={!inked}
            data-testid="agreement-clear"
          >
            {t('agreementClear')}
          </button>
        </div>
      )}
      <button
        type="button"
        className="button-ghost agreement-switch"
        onClick={() => {
          setTyping(!typing);
          setInked(false);
          setMissing(false);
        }}
        data-testid="agreement-switch"
      >
        <Icon name={typing ? 'user' : 'file'} size={22} />
        {typing ? t('agreementDrawInstead') : t('agreementTypeInstead')}
      </button>
      {missing && (
        <p className="kiosk-problem" role="alert" data-testid="agreement-missing">
          <Icon name="alert" size={24} />
          {t('agreementNeedSignature')}
        </p>
      )}
      <div className="confirm-actions agreement-actions">
        <button
          type="button"
          className="button-primary button-huge"
          onClick={() => void onAccept()}
          disabled={busy}
          data-testid="agreement-accept"
        >
          <Icon name="check" size={30} />
          {t('agreementAccept')}
        </button>
        <button
          type="button"
          className="button-ghost button-large"
          onClick={() => void decline()}
          disabled={busy}
          data-testid="agreement-decline"
        >
          {t('agreementDecline')}
        </button>
      </div>
    </section>
  );
}
