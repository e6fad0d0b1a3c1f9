/** Employees (the hosts): searched in the mirror by the desk, browsed page by page by the admin. */
import { z } from 'zod';
import { ADMIN, op, STAFF } from './op.ts';

export const Employee = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const employeesOperations = {
  'employees.search': op(
    STAFF,
    z.object({ text: z.string().trim().max(100) }).strict(),
    z.array(
      z.object({
        id: z.number().int(),
        email: z.string().nullable(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
      }),
    ),
    'Find employees (hosts)',
  ),
  'employees.browse': op(
    ADMIN,
    z
      .object({
        searchQuery: z.string().trim().max(100).optional(),
        sortField: z.enum(['EMAIL']).optional(),
        sortAscending: z.boolean().optional(),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(50).default(50),
      })
      .strict(),
    z.object({
      employees: z.array(Employee),
      totalCount: z.number().int(),
      /** Where the page came from: the service, or the mirror when the service cannot be reached. */
      source: z.enum(['service', 'mirror']),
    }),
    "The company's employees, a page at a time, searched and sorted by the service",
  ),
} as const;
