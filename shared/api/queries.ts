/**
 * Path and query parameters. They arrive as strings; these schemas turn
 * well-formed strings into numbers and booleans and refuse everything else,
 * so `limit=1.5`, `limit=` or `offset=-1` are a 400, never a silent default.
 */
import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { dateTime, EMPLOYEE_SORT_FIELDS } from './primitives.ts';

const fromString = (parse: (raw: string) => unknown) => (value: unknown) =>
  typeof value === 'string' ? parse(value) : value;

const toInteger = fromString((raw) => (/^-?\d+$/.test(raw) ? Number(raw) : raw));
const toBoolean = fromString((raw) => (raw === 'true' ? true : raw === 'false' ? false : raw));

export const integerParam = (schema: z.ZodNumber) => z.preprocess(toInteger, schema);

const wholeNumber = (min: number, max?: number) => {
  const base = z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`);
  return integerParam(max === undefined ? base : base.max(max, `must be at most ${max}`));
};

const positiveId = () => wholeNumber(1);
export const IdPath = <N extends string>(name: N) =>
  z.strictObject({ [name]: positiveId() } as Record<N, ReturnType<typeof positiveId>>);

const page = (limits: { defaultLimit: number; maxLimit: number }) => ({
  limit: wholeNumber(1, limits.maxLimit).default(limits.defaultLimit),
  offset: wholeNumber(0).default(0),
});

export const InvitationsQuery = z.object({
  endsAfter: dateTime,
  beginsBefore: dateTime,
  updatedSince: dateTime.optional(),
  ...page(LIMITS.invitations),
});
export type InvitationsQuery = z.input<typeof InvitationsQuery>;

export const CheckInsQuery = z.object(page(LIMITS.checkIns));
export type CheckInsQuery = z.input<typeof CheckInsQuery>;

export const AccessProfileGroupsQuery = z.object(page(LIMITS.accessProfileGroups));
export type AccessProfileGroupsQuery = z.input<typeof AccessProfileGroupsQuery>;

export const EmployeesQuery = z.object({
  ...page(LIMITS.employees),
  sortField: z.enum(EMPLOYEE_SORT_FIELDS, { error: `must be one of ${EMPLOYEE_SORT_FIELDS.join(', ')}` }).optional(),
  sortAscending: z.preprocess(toBoolean, z.boolean({ error: 'must be true or false' })).optional(),
  searchQuery: z.string().optional(),
});
export type EmployeesQuery = z.input<typeof EmployeesQuery>;
