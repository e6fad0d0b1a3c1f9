/** The service's identity check and free-form fields, as people read them at a glance. Pure: tested in Node. */
import { formatDateTime } from '../../lib/format.ts';

export interface IdentityBadge {
  label: string;
  value: string;
  /** good: passed; bad: failed; neutral: done by hand or not known. */
  tone: 'good' | 'bad' | 'neutral';
}

/** Known results of each check; anything else is shown by its raw value, neither good nor bad. */
const RESULTS: Record<string, Record<string, [string, IdentityBadge['tone']]>> = {
  document: { EXISTED: ['checked', 'good'], NOT_EXISTED: ['not found', 'bad'], MISSING: ['missing', 'bad'] },
  selfie: {
    MATCHED: ['matches', 'good'],
    NOT_MATCHED: ['does not match', 'bad'],
    MISMATCHED: ['does not match', 'bad'],
  },
  liveness: { PASSED: ['passed', 'good'], FAILED: ['failed', 'bad'] },
};
const LABELS: Record<string, string> = { document: 'ID document', selfie: 'Selfie', liveness: 'Liveness' };
const MATCH_FIELDS: Record<string, string> = { firstName: 'first name', lastName: 'last name', birthdate: 'birthdate' };

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The trustedId result as badges: document, selfie, liveness, how the invitation matched, manual review. */
export function identityBadges(trustedId: Record<string, unknown> | null): IdentityBadge[] {
  if (!trustedId) return [];
  const badges: IdentityBadge[] = [];
  for (const key of ['document', 'selfie', 'liveness']) {
    const raw = trustedId[key];
    if (typeof raw !== 'string') continue;
    const [value, tone] = RESULTS[key]![raw] ?? [raw, 'neutral'];
    badges.push({ label: LABELS[key]!, value, tone });
  }
  const match = asRecord(trustedId.invitationMatch);
  if (match) {
    const fields = Object.entries(MATCH_FIELDS).filter(([key]) => typeof match[key] === 'string');
    if (fields.length > 0) {
      const exact = fields.filter(([key]) => match[key] === 'EXACT');
      const other = fields.filter(([key]) => match[key] !== 'EXACT');
      badges.push({
        label: 'Invitation',
        value:
          other.length === 0
            ? 'matches exactly'
            : `${other.map(([key, label]) => `${label} ${String(match[key]).toLowerCase().replace(/_/g, ' ')}`).join(', ')}${exact.length ? `; ${exact.map(([, l]) => l).join(', ')} exact` : ''}`,
        tone: other.length === 0 ? 'good' : 'neutral',
      });
    }
    if (typeof match.wasManuallyReviewed === 'boolean')
      badges.push({
        label: 'Review',
        value: match.wasManuallyReviewed ? 'checked by a person' : 'automatic',
        tone: 'neutral',
      });
  }
  if (typeof trustedId.documentNumber === 'string' && trustedId.documentNumber)
    badges.push({ label: 'Document no.', value: trustedId.documentNumber, tone: 'neutral' });
  return badges;
}

const humanise = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

function readable(value: unknown, locale?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO.test(value) ? formatDateTime(value, locale) : value;
  if (Array.isArray(value)) return value.map((v) => readable(v, locale)).join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${humanise(k)}: ${readable(v, locale)}`)
      .join('; ');
  return String(value);
}

/** Free-form fields the service sends (parking, licence plate, meeting room...) as label and text. */
export function readableFields(fields: Record<string, unknown> | null, locale?: string): [string, string][] {
  if (!fields) return [];
  return Object.entries(fields).map(([key, value]) => [humanise(key), readable(value, locale)]);
}
