/**
 * A guest's photo and agreements at the desk: the photo taken at the kiosk
 * (where the site takes them), the documents signed or declined ("NDA v1
 * signed 09:14"), and each signed copy opened as its PDF. Asked again when a
 * guest signs, declines or is photographed anywhere on the site; a decline
 * is told at once (DeclinedNotice), so that reception sees to the guest.
 */
import { useEffect, useState } from 'react';
import type { AgreementRecord } from '../../../../shared/contract/agreements.ts';
import type { GuestPhoto as Photo } from '../../../../shared/contract/photos.ts';
import { Icon } from '../../components/Icon.tsx';
import { Toast, type ToastNotice } from '../../components/Toast.tsx';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatClock, formatDateTime } from '../../lib/format.ts';
import { saveFile } from '../../lib/save-file.ts';
import { onAppEvent } from '../../stores/session.ts';

/** Reads again whenever agreements or photos change on the site. */
function useAgreementsVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => onAppEvent((event) => event.type === 'agreements-changed' && setVersion((v) => v + 1)), []);
  return version;
}

/** The guest's photo as a small picture (the detail, the roll call's rows), or nothing. */
export function GuestPhoto({ invitationId, size = 'large' }: { invitationId: number; size?: 'large' | 'small' }) {
  const version = useAgreementsVersion();
  const [photo, setPhoto] = useState<Photo | null>(null);
  useEffect(() => {
    let current = true;
    api.call('photos.ofGuest', { invitationId }).then(
      (p) => current && setPhoto(p),
      () => current && setPhoto(null),
    );
    return () => {
      current = false;
    };
  }, [invitationId, version]);
  if (!photo) return null;
  return (
    <img
      className={`guest-photo guest-photo-${size}`}
      src={photo.image}
      alt={size === 'large' ? `Photo taken ${formatDateTime(photo.takenAt)}` : ''}
      data-testid="guest-photo"
    />
  );
}

/** The guests with a photo, asked again when one is taken: a list shows a photo only where there is one. */
export function usePhotographed(): ReadonlySet<number> {
  const version = useAgreementsVersion();
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    let current = true;
    api.call('photos.taken', {}).then(
      (taken) => current && setIds(new Set(taken)),
      () => {}, // the hub away: the photos already known stay
    );
    return () => {
      current = false;
    };
  }, [version]);
  return ids;
}

/** "NDA v1 signed 09:14", "House rules v2 declined 09:13". */
export const agreementLine = (r: AgreementRecord) => `${r.title} v${r.version} ${r.outcome} ${formatClock(r.at)}`;

export function GuestAgreements({ invitationId }: { invitationId: number }) {
  const version = useAgreementsVersion();
  const [records, setRecords] = useState<AgreementRecord[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    api.call('agreements.ofGuest', { invitationId }).then(
      (r) => current && setRecords(r),
      () => current && setRecords([]),
    );
    return () => {
      current = false;
    };
  }, [invitationId, version]);
  if (records.length === 0) return null;
  const open = (id: number) =>
    api.call('agreements.copy', { id }).then(
      ({ fileName, content }) => {
        const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
        saveFile(fileName, new Blob([bytes], { type: 'application/pdf' }), 'application/pdf');
      },
      (error: unknown) => setProblem(errorText(error)),
    );
  return (
    <section aria-labelledby="detail-agreements">
      <h3 id="detail-agreements">Agreements</h3>
      <ul className="agreement-records" data-testid="guest-agreements">
        {records.map((r) => (
          <li key={r.id} className={`agreement-record agreement-${r.outcome}`} data-testid="guest-agreement">
            <span>
              {agreementLine(r)}
              <span className="muted">
                {' '}
                · {r.method === 'typed' ? 'name typed' : r.method === 'drawn' ? 'drawn' : ''} {r.device}
              </span>
            </span>
            {r.hasCopy && (
              <button
                type="button"
                className="button-secondary button-small"
                onClick={() => void open(r.id)}
                data-testid="open-agreement"
              >
                <Icon name="file" size={16} />
                Open signed copy
              </button>
            )}
          </li>
        ))}
      </ul>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** A guest declined a document at a kiosk: the desk is told at once, by name. */
export function DeclinedNotice() {
  const [notice, setNotice] = useState<ToastNotice | null>(null);
  useEffect(
    () =>
      onAppEvent((event) => {
        if (event.type !== 'agreements-changed' || !event.declined) return;
        const { name, title } = event.declined;
        setNotice({
          id: Date.now(),
          tone: 'error',
          text: `${name} declined "${title}" at the kiosk: please see to them.`,
        });
      }),
    [],
  );
  return <Toast notice={notice} onDismiss={() => setNotice(null)} />;
}
