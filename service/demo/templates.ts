/** What the demo is made of: kinds of events, the people and rooms of a location, the languages of its guests. */
import { GUEST_LANGUAGES, type KnownGuestLanguage } from '../../shared/api/primitives.ts';
import { GUEST_COMPANIES, type GuestCompany } from './names.ts';
import type { Random } from './random.ts';

export type Size = 'tiny' | 'small' | 'medium' | 'large';
export type GuestMix = 'company' | 'mixed' | 'private';

export interface Template {
  name: string;
  size: Size;
  /** Duration range in hours, in half-hour steps. */
  hours?: readonly [number, number];
  allDay?: boolean;
  /** Fixed start hour (local time of the machine the demo runs on). */
  at?: number;
  guests: GuestMix;
  weight: number;
  description?: string;
}

export const TEMPLATES: readonly Template[] = [
  {
    name: 'Quarterly business review: {company}',
    size: 'medium',
    hours: [2, 3],
    guests: 'company',
    weight: 5,
    description: 'Results of the quarter, open issues and the outlook for the next one.',
  },
  {
    name: 'Supplier audit: {company}',
    size: 'small',
    hours: [3, 4],
    guests: 'company',
    weight: 3,
    description: 'Quality and compliance audit. Please bring the certificates listed in the invitation.',
  },
  {
    name: 'Interview: {role}',
    size: 'tiny',
    hours: [1, 1.5],
    guests: 'private',
    weight: 6,
    description: 'Please report to the reception ten minutes early.',
  },
  {
    name: 'Customer workshop: {topic}',
    size: 'large',
    hours: [3, 4],
    guests: 'mixed',
    weight: 3,
    description: 'Hands-on session with the product and engineering teams.',
  },
  {
    name: 'Training: {training}',
    size: 'large',
    allDay: true,
    guests: 'mixed',
    weight: 2,
    description: 'Full-day training with lunch. Certificates are handed out at the end.',
  },
  { name: 'Product demo for {company}', size: 'small', hours: [1, 2], guests: 'company', weight: 4 },
  { name: 'Contract negotiation with {company}', size: 'tiny', hours: [1.5, 3], guests: 'company', weight: 2 },
  {
    name: 'Project kick-off: {project}',
    size: 'medium',
    hours: [1.5, 3],
    guests: 'mixed',
    weight: 3,
    description: 'Scope, milestones, roles and the first sprint.',
  },
  { name: 'Partner onboarding: {company}', size: 'small', hours: [2, 3], guests: 'company', weight: 3 },
  {
    name: 'Board meeting',
    size: 'small',
    hours: [3, 4],
    guests: 'mixed',
    weight: 1,
    description: 'Executive floor, escorted visitors only.',
  },
  { name: 'Site visit: {company}', size: 'small', hours: [1.5, 3], guests: 'company', weight: 3 },
  { name: 'Fire safety inspection', size: 'tiny', hours: [1, 2], guests: 'company', weight: 1 },
  { name: 'IT maintenance window (external contractors)', size: 'small', hours: [3, 4], guests: 'company', weight: 1 },
  { name: 'Leadership offsite', size: 'large', allDay: true, guests: 'mixed', weight: 0.5 },
  {
    name: 'Hackathon: {topic}',
    size: 'large',
    allDay: true,
    guests: 'mixed',
    weight: 0.5,
    description: 'Teams of four, pizza from 18:00 for those who stay.',
  },
  { name: 'Lunch & learn: {topic}', size: 'medium', at: 12, hours: [1, 1], guests: 'mixed', weight: 2 },
  { name: 'Steering committee: {project}', size: 'small', hours: [1.5, 2], guests: 'mixed', weight: 2 },
  { name: 'Investor meeting', size: 'tiny', hours: [1, 1.5], guests: 'company', weight: 1 },
  { name: 'Architecture review: {project}', size: 'small', hours: [2, 3], guests: 'mixed', weight: 2 },
  {
    name: 'Annual audit: external auditors',
    size: 'small',
    hours: [3, 4],
    guests: 'company',
    weight: 1,
    description: 'Finance department, floor 3.',
  },
];

export const ROLES = [
  'Senior Backend Engineer',
  'Product Manager',
  'Office Manager',
  'Working Student Marketing',
  'Head of Finance',
  'Data Analyst',
  'UX Designer',
  'IT Support Specialist',
  'Sales Manager DACH',
  'Legal Counsel',
  'DevOps Engineer',
  'Executive Assistant',
  'Procurement Specialist',
  'HR Business Partner',
];
export const TOPICS = [
  'Data platform roadmap',
  'Warehouse automation',
  'Cloud migration',
  'Customer portal redesign',
  'Sustainability reporting',
  'Cybersecurity awareness',
  'Pricing strategy',
  'Supply chain resilience',
  'AI in customer service',
  'Accessibility',
  'ERP rollout',
  'Energy efficiency',
];
export const TRAININGS = [
  'First aid',
  'Fire warden',
  'Forklift safety',
  'Negotiation skills',
  'Leadership essentials',
  'GDPR basics',
  'Agile project management',
  'Presentation skills',
  'Excel for controllers',
  'Key user training ERP',
];
export const PROJECTS = [
  'Atlas',
  'Nordlicht',
  'Phoenix ERP',
  'Helios',
  'Greenfield Prague',
  'Danube data hub',
  'Orbit CRM',
];

export const SIZES: Record<Size, readonly [number, number]> = {
  tiny: [1, 3],
  small: [2, 8],
  medium: [5, 15],
  large: [10, 30],
};

/** Start hours (local time) of meetings and how common they are. */
export const START_HOURS: readonly (readonly [number, number])[] = [
  [8, 1],
  [9, 3],
  [10, 3],
  [11, 2],
  [12, 1],
  [13, 3],
  [14, 3],
  [15, 2],
  [16, 1],
];
export const LATEST_END_HOUR = 18.5;

export const BASE_LANGUAGE_WEIGHTS: Record<KnownGuestLanguage, number> = {
  CS: 4,
  DE: 22,
  EN: 18,
  ES: 5,
  FR: 6,
  HR: 3,
  HU: 3,
  IT: 6,
  NL: 5,
  PL: 6,
  PT: 3,
  RO: 3,
  RU: 4,
  TR: 6,
  ZH_CN: 5,
};

/** Guests lean towards the country of the location. */
export function languageWeights(locationName: string): (readonly [KnownGuestLanguage, number])[] {
  const w = { ...BASE_LANGUAGE_WEIGHTS };
  const name = locationName.toLowerCase();
  if (/prag|praha/.test(name)) w.CS += 25;
  else if (/vienna|wien/.test(name)) Object.assign(w, { DE: w.DE + 10, HU: w.HU + 5, HR: w.HR + 5 });
  else if (/munich|münchen/.test(name)) Object.assign(w, { DE: w.DE + 10, IT: w.IT + 4 });
  else if (/berlin/.test(name)) Object.assign(w, { DE: w.DE + 8, PL: w.PL + 3, TR: w.TR + 3 });
  return GUEST_LANGUAGES.map((l) => [l, w[l]] as const);
}

export function roomsOf(locationName: string): string[] {
  const name = locationName.toLowerCase();
  return /berlin/.test(name)
    ? ['Spree', 'Havel', 'Tiergarten', 'Kreuzberg']
    : /munich|münchen/.test(name)
      ? ['Isar', 'Englischer Garten', 'Viktualienmarkt']
      : /vienna|wien/.test(name)
        ? ['Donau', 'Prater', 'Belvedere']
        : /prag|praha/.test(name)
          ? ['Vltava', 'Hradčany', 'Petřín']
          : ['Atrium', 'Summit', 'Harbor'];
}

export const COMPANIES_BY_LANGUAGE = new Map<KnownGuestLanguage, GuestCompany[]>(
  GUEST_LANGUAGES.map((l) => [l, GUEST_COMPANIES.filter((c) => c.language === l)]),
);
/** A guest company, mostly one of the language drawn from the weights (any company when none speaks it). */
export function pickGuestCompany(
  r: Random,
  languages: readonly (readonly [KnownGuestLanguage, number])[],
): GuestCompany {
  const candidates = COMPANIES_BY_LANGUAGE.get(r.weighted(languages));
  return candidates && candidates.length > 0 ? r.pick(candidates) : r.pick(GUEST_COMPANIES);
}

export const DOCUMENT_ALPHABET = [...'CFGHJKLMNPRTVWXYZ0123456789'];
export const PLATE_LETTERS = [...'ABCDEFGHKLMNPRSTUVWXYZ'];
