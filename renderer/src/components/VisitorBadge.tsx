/**
 * A visitor badge as it is printed at check-in: the guest's name in its own
 * order, company, host, the door PIN where the kiosk knows it, date, and a QR
 * code of the guest's signed code (the desk scans it to find the guest).
 * Sized in millimetres for the label, so the kiosk prints it as it is and the
 * admin console previews it scaled.
 */
import { useMemo } from 'react';
import { readableAccent } from '../lib/contrast.ts';
import { personName } from '../../../shared/domain/person-name.ts';
import { formatDay } from '../lib/format.ts';
import { qrPath } from '../lib/qr.ts';
import './VisitorBadge.css';

export type BadgeLayout = 'standard' | 'compact';

/** Label sizes: a CR80 card (86 × 54 mm) and a 62 × 29 mm roll label. */
export const BADGE_SIZES_MM: Record<BadgeLayout, { width: number; height: number }> = {
  standard: { width: 86, height: 54 },
  compact: { width: 62, height: 29 },
};

export interface VisitorBadgeProps {
  guest: { firstName: string | null; lastName: string | null; companyName: string | null };
  hostName: string | null;
  /** The day of the visit (an ISO date-time). */
  date: string;
  /** The guest's signed code: the QR holds exactly this text. */
  code: string;
  layout: BadgeLayout;
  branding: { logoDataUrl: string | null; accentColor: string | null };
  /** The guest's door PIN, printed where the kiosk prints the badge (never on a screen). */
  doorPin?: string | null;
  /** The language of the dates and labels; English when not given. */
  locale?: string;
  labels?: BadgeLabels;
  /** The guest's photo (a data URL), where the site takes photos. */
  photo?: string | null;
}

export interface BadgeLabels {
  visitor: string;
  host: string;
  doorPin: string;
}

export function VisitorBadge({
  guest,
  hostName,
  date,
  code,
  layout,
  branding,
  doorPin,
  locale = 'en-GB',
  labels = { visitor: 'Visitor', host: 'Host', doorPin: 'Door PIN' },
  photo = null,
}: VisitorBadgeProps) {
  const qr = useMemo(() => qrPath(code), [code]);
  const size = BADGE_SIZES_MM[layout];
  const accent = readableAccent(branding.accentColor) ?? '#0f6b6b';
  const name = personName(guest) || '—';
  const quiet = 2; // modules of white around the code, as scanners need
  return (
    <div
      className={`visitor-badge visitor-badge-${layout}`}
      // Its own language, not the page's: "Visitor" in capitals is VISITOR, not the Turkish VİSİTOR.
      lang={locale}
      style={{ width: `${size.width}mm`, height: `${size.height}mm`, ['--badge-accent' as string]: accent }}
      data-testid="visitor-badge"
    >
      <div className="visitor-badge-band">
        {branding.logoDataUrl ? (
          <img className="visitor-badge-logo" src={branding.logoDataUrl} alt="" />
        ) : (
          <span className="visitor-badge-band-spacer" />
        )}
        <span className="visitor-badge-kind">{labels.visitor}</span>
      </div>
      <div className="visitor-badge-body">
        {photo && <img className="visitor-badge-photo" src={photo} alt="" data-testid="visitor-badge-photo" />}
        <div className="visitor-badge-text">
          <div className="visitor-badge-name" data-testid="visitor-badge-name">
            {name}
          </div>
          {guest.companyName && <div className="visitor-badge-company">{guest.companyName}</div>}
          {layout === 'standard' && hostName && (
            <div className="visitor-badge-host">
              <span>{labels.host}:</span> {hostName}
            </div>
          )}
          {doorPin && (
            <div className="visitor-badge-pin" data-testid="visitor-badge-door-pin">
              <span>{labels.doorPin}:</span> <strong>{doorPin}</strong>
            </div>
          )}
          <div className="visitor-badge-date">{formatDay(date, locale)}</div>
        </div>
        <svg
          className="visitor-badge-qr"
          viewBox={`${-quiet} ${-quiet} ${qr.size + 2 * quiet} ${qr.size + 2 * quiet}`}
          role="img"
          aria-label={code}
          shapeRendering="crispEdges"
        >
          <rect x={-quiet} y={-quiet} width={qr.size + 2 * quiet} height={qr.size + 2 * quiet} fill="#fff" />
          <path d={qr.d} fill="#000" />
        </svg>
      </div>
    </div>
  );
}
