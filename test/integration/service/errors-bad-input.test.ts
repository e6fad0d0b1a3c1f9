/**
 * docs/interface.md "Errors": every non-2xx has the error body; bad input of every
 * kind is the documented 4xx (never a 500) and changes nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/api/index.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import {
  createGuests,
  eventItem,
  expectError,
  expectNothingStored,
  expectValidationError,
  invitationItem,
  storedState,
  syncOk,
  transition,
  uid,
  WIDE,
} from './helpers.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
});

const UPLOAD = '/access-control/access-profile-groups/berlin-doors/access-profiles';

/** The four endpoints with a body, each with a valid body. */
const bodyEndpoints: [string, string, () => unknown][] = [
  ['PUT', '/events', () => ({ events: [eventItem()] })],
  [
    'PUT',
    '/permanent-identities',
    () => ({ permanentIdentities: [{ sourceId: uid('pi'), email: `${uid('pi')}@x.test` }] }),
  ],
  ['POST', '/check-ins/transitions', () => ({ eventName: 'CHECK_IN', checkIn: { id: 1 } })],
  ['PUT', UPLOAD, () => ({ accessProfiles: [{ sourceId: uid('p'), name: 'Door' }] })],
];

describe('unknown routes', () => {
  it.each(['/no-such-route', '/locations/10/visitors', '/companies/1/employees/100'])(
    'GET %s is 404 NOT_FOUND with the error body',
    async (path) => {
      expectError(await svc.call('GET', path), 404, 'NOT_FOUND');
    },
  );

  it('a path outside the base path is 404 NOT_FOUND with the error body', async () => {
    const res = await svc.call('GET', '/../../nowhere');
    expectError(res, 404, 'NOT_FOUND');
  });

  it('a known path with an unsupported method is a 4xx with the error body', async () => {
    const res = await expectNothingStored(svc, () => svc.call('DELETE', '/events'));
    expect([404, 405]).toContain(res.status);
    expectError(res, res.status, res.body?.error?.code);
  });
});

describe('malformed bodies', () => {
  it.each(bodyEndpoints)('%s %s with malformed JSON is 400, nothing applied', async (method, path) => {
    const res = await expectNothingStored(svc, () => svc.call(method, path, { rawBody: '{"events": [' }));
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it.each(bodyEndpoints)('%s %s with a body that is not a JSON object is 400', async (method, path) => {
    for (const rawBody of ['[]', '"text"', '42', 'null']) {
      const res = await expectNothingStored(svc, () => svc.call(method, path, { rawBody }));
      expectError(res, 400, 'VALIDATION_ERROR');
    }
  });

  it.each(bodyEndpoints)('%s %s without any body is 400', async (method, path) => {
    const res = await expectNothingStored(svc, () => svc.call(method, path));
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it.each(bodyEndpoints)('%s %s with a valid body that is not JSON content-type is 400', async (method, path, body) => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await expectNothingStored(svc, () =>
        svc.call(method, path, { rawBody: JSON.stringify(body()), headers: { 'content-type': type } }),
      );
      expectError(res, 400, 'VALIDATION_ERROR');
    }
  });

  it('a JSON content-type with a charset parameter is accepted', async () => {
    const res = await svc.call('PUT', '/events', {
      rawBody: JSON.stringify({ events: [eventItem()] }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.events[0].status).toBe('SUCCESS');
  });

  it.each([
    ['PUT', '/events', (s: string) => ({ events: [eventItem({ description: s })] })],
    ['PUT', '/permanent-identities', (s: string) => ({ permanentIdentities: [{ sourceId: uid('pi'), firstName: s }] })],
  ] as const)('%s %s with a body over 5 MiB is 413, nothing applied', async (method, path, build) => {
    const body = build('x'.repeat(LIMITS.bodyBytes + 1024));
    const res = await expectNothingStored(svc, () => svc.call(method, path, { body }));
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('wrong JSON types and unknown fields', () => {
  it.each([
    ['events is an object', { events: {} }],
    ['an event is a string', { events: ['ev'] }],
    ['sourceId is a number', { events: [eventItem({ sourceId: 5 })] }],
    ['locationId is a string', { events: [eventItem({ locationId: '10' })] }],
    ['locationId is a fraction', { events: [eventItem({ locationId: 10.5 })] }],
    ['startsAt is a number', { events: [eventItem({ startsAt: Date.now() })] }],
    ['draft is a string', { events: [eventItem({ draft: 'yes' })] }],
    ['invitations is an object', { events: [eventItem({ invitations: {} })] }],
    [
      'an invitation email is not an email',
      { events: [eventItem({ invitations: [invitationItem({ email: 'nope' })] })] },
    ],
    ['customFields is an array', { events: [eventItem({ customFields: [1] })] }],
    [
      'accessProfiles lacks sourceId',
      { events: [eventItem({ accessProfiles: [{ accessProfileGroupSourceId: 'berlin-doors' }] })] },
    ],
    [
      'an event has no sourceId',
      { events: [{ name: 'x', startsAt: '2030-01-01T10:00:00Z', endsAt: '2030-01-01T11:00:00Z', locationId: 10 }] },
    ],
    ['an invitation has no sourceId', { events: [eventItem({ invitations: [{ email: 'a@b.test' }] })] }],
    ['an event has an unknown field', { events: [eventItem({ colour: 'red' })] }],
    ['an invitation has an unknown field', { events: [eventItem({ invitations: [invitationItem({ phone: '1' })] })] }],
    ['the body has an unknown field', { events: [eventItem()], dryRun: true }],
  ])('PUT /events where %s is 400, nothing applied', async (_, body) => {
    const res = await expectNothingStored(svc, () => svc.call('PUT', '/events', { body }));
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it.each([
    ['permanentIdentities is an object', { permanentIdentities: {} }],
    ['email is a number', { permanentIdentities: [{ sourceId: 'a', email: 5 }] }],
    ['firstName is an array', { permanentIdentities: [{ sourceId: 'a', firstName: ['A'] }] }],
    ['accessProfiles is a string', { permanentIdentities: [{ sourceId: 'a', accessProfiles: 'berlin-doors' }] }],
    ['an identity has an unknown field', { permanentIdentities: [{ sourceId: 'a', phone: '1' }] }],
    ['the body has an unknown field', { permanentIdentities: [{ sourceId: 'a' }], extra: 1 }],
  ])('PUT /permanent-identities where %s is 400, nothing applied', async (_, body) => {
    const res = await expectNothingStored(svc, () => svc.call('PUT', '/permanent-identities', { body }));
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it.each([
    ['eventName is missing', { checkIn: { id: 1 } }],
    ['eventName is a number', { eventName: 1, checkIn: { id: 1 } }],
    ['checkIn is missing', { eventName: 'CHECK_IN' }],
    ['the id is a string', { eventName: 'CHECK_IN', checkIn: { id: '1' } }],
    ['the id is a fraction', { eventName: 'CHECK_IN', checkIn: { id: 1.5 } }],
    ['the id is 0', { eventName: 'CHECK_IN', checkIn: { id: 0 } }],
    ['checkIn has an unknown field', { eventName: 'CHECK_IN', checkIn: { id: 1, pin: '1' } }],
    ['the body has an unknown field', { eventName: 'CHECK_IN', checkIn: { id: 1 }, at: 'now' }],
  ])('POST /check-ins/transitions where %s is 400', async (_, body) => {
    const res = await expectNothingStored(svc, () => svc.call('POST', '/check-ins/transitions', { body }));
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it.each([
    ['accessProfiles is missing', {}],
    ['a profile name is a number', { accessProfiles: [{ sourceId: 'a', name: 1 }] }],
    ['a profile has an unknown field', { accessProfiles: [{ sourceId: 'a', name: 'A', colour: 'red' }] }],
    ['the body has an unknown field', { accessProfiles: [], replace: true }],
  ])('an access profile upload where %s is 400', async (_, body) => {
    const res = await expectNothingStored(svc, () => svc.call('PUT', UPLOAD, { body }));
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it('duplicate profile sourceIds in one upload are 400, nothing applied', async () => {
    await svc.call('PUT', UPLOAD, { body: { accessProfiles: [{ sourceId: 'keep', name: 'Keep' }] } });
    const body = {
      accessProfiles: [
        { sourceId: 'dup', name: 'A' },
        { sourceId: 'other', name: 'B' },
        { sourceId: 'dup', name: 'C' },
      ],
    };
    const res = await expectNothingStored(svc, () => svc.call('PUT', UPLOAD, { body }));
    expectValidationError(res, 'accessProfiles[2]');
  });

  it('one malformed event among good ones is a 400 for the whole request', async () => {
    const good = eventItem({ invitations: [invitationItem()] });
    const bad = eventItem({ startsAt: 'tomorrow' });
    const res = await expectNothingStored(svc, () => svc.call('PUT', '/events', { body: { events: [good, bad] } }));
    expectValidationError(res, 'events[1]');
  });

  it('one malformed identity among good ones is a 400 for the whole request', async () => {
    const items = [{ sourceId: uid('pi') }, { sourceId: uid('pi'), endsAt: 'soon' }, { sourceId: uid('pi') }];
    const res = await expectNothingStored(svc, () =>
      svc.call('PUT', '/permanent-identities', { body: { permanentIdentities: items } }),
    );
    expectValidationError(res, 'permanentIdentities[1]');
  });
});

describe('timestamps that are not ISO 8601 date-times', () => {
  const notIso = ['2026-11-21', '2026-11-21T09:30:00', 'tomorrow', '21.11.2026 09:30', '2026-11-21 09:30:00Z', ''];

  it.each(notIso)('"%s" as an event startsAt is 400, nothing applied', async (value) => {
    const res = await expectNothingStored(svc, () =>
      svc.call('PUT', '/events', { body: { events: [eventItem({ startsAt: value })] } }),
    );
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it.each(['endsAt', 'deletedAt', 'updatedAt'])('a date without offset as an event %s is 400', async (field) => {
    const body = { events: [eventItem({ [field]: '2026-11-21T09:30:00' })] };
    const res = await expectNothingStored(svc, () => svc.call('PUT', '/events', { body }));
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it('a date without offset as an invitation deletedAt is 400', async () => {
    const body = { events: [eventItem({ invitations: [invitationItem({ deletedAt: '2026-11-21' })] })] };
    const res = await expectNothingStored(svc, () => svc.call('PUT', '/events', { body }));
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it.each(['startsAt', 'endsAt', 'deletedAt'])('"tomorrow" as an identity %s is 400', async (field) => {
    const body = { permanentIdentities: [{ sourceId: uid('pi'), [field]: 'tomorrow' }] };
    const res = await expectNothingStored(svc, () => svc.call('PUT', '/permanent-identities', { body }));
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it.each(['endsAfter', 'beginsBefore', 'updatedSince'])(
    'invitations with a non-ISO %s are 400 naming it',
    async (param) => {
      for (const value of notIso) {
        const res = await svc.call('GET', '/locations/10/invitations', { query: { ...WIDE, [param]: value } });
        expectValidationError(res, param);
      }
    },
  );
});

describe('query parameters', () => {
  const lists: [string, string, Record<string, string>, number][] = [
    ['invitations', '/locations/10/invitations', WIDE, LIMITS.invitations.maxLimit],
    ['check-ins', '/locations/10/check-ins', {}, LIMITS.checkIns.maxLimit],
    ['groups', '/access-control/access-profile-groups', {}, LIMITS.accessProfileGroups.maxLimit],
    ['employees', '/companies/1/employees', {}, LIMITS.employees.maxLimit],
  ];
  const bad = (max: number): [string, string][] => [
    ['limit', '0'],
    ['limit', String(max + 1)],
    ['limit', '-5'],
    ['limit', '1.5'],
    ['limit', 'abc'],
    ['limit', ''],
    ['limit', '1e2'],
    ['offset', '-1'],
    ['offset', '0.5'],
    ['offset', 'abc'],
  ];

  for (const [name, path, base, max] of lists)
    it.each(bad(max))(`${name}: %s=%s is 400 VALIDATION_ERROR naming the parameter`, async (param, value) => {
      const res = await svc.call('GET', path, { query: { ...base, [param]: value } });
      expectValidationError(res, param);
    });

  it.each(lists)('%s: the maximum limit itself is accepted', async (_, path, base, max) => {
    const res = await svc.call('GET', path, { query: { ...base, limit: max, offset: 0 } });
    expect(res.status, res.text).toBe(200);
  });

  it('the invitations limit is 51 → 400 while the check-ins limit 501 → 400 (documented maxima)', async () => {
    expectValidationError(
      await svc.call('GET', '/locations/10/invitations', { query: { ...WIDE, limit: 51 } }),
      'limit',
    );
    expectValidationError(await svc.call('GET', '/locations/10/check-ins', { query: { limit: 501 } }), 'limit');
    expect((await svc.call('GET', '/locations/10/check-ins', { query: { limit: 51 } })).status).toBe(200);
  });

  it.each(['endsAfter', 'beginsBefore'])('invitations without %s are 400 naming it', async (param) => {
    const query: Record<string, string> = { ...WIDE };
    delete query[param];
    expectValidationError(await svc.call('GET', '/locations/10/invitations', { query }), param);
  });

  it('invitations without any query are 400 naming both window parameters', async () => {
    expectValidationError(await svc.call('GET', '/locations/10/invitations'), 'endsAfter', 'beginsBefore');
  });

  it.each(['NAME', 'email', 'ID', ''])('employees with sortField=%s is 400 naming sortField', async (value) => {
    expectValidationError(
      await svc.call('GET', '/companies/1/employees', { query: { sortField: value } }),
      'sortField',
    );
  });

  it.each(['yes', '1', 'TRUE', ''])('employees with sortAscending=%s is 400 naming sortAscending', async (value) => {
    const res = await svc.call('GET', '/companies/1/employees', {
      query: { sortField: 'EMAIL', sortAscending: value },
    });
    expectValidationError(res, 'sortAscending');
  });

  it.each([
    ['/locations/abc/check-ins'],
    ['/locations/1.5/check-ins'],
    ['/locations/abc/invitations?endsAfter=2000-01-01T00:00:00Z&beginsBefore=2100-01-01T00:00:00Z'],
    ['/companies/abc/employees'],
    ['/companies/1e0/employees'],
  ])('a non-integer path id in %s is 400', async (path) => {
    expectError(await svc.call('GET', path), 400, 'VALIDATION_ERROR');
  });
});

describe('limits of the synchronisation endpoints', () => {
  it('an empty events array is 400', async () => {
    const res = await expectNothingStored(svc, () => svc.call('PUT', '/events', { body: { events: [] } }));
    expectValidationError(res, 'events');
  });

  it('101 events are 413 PAYLOAD_TOO_LARGE, nothing applied', async () => {
    const events = Array.from({ length: LIMITS.eventsPerRequest + 1 }, () => eventItem({ locationId: 11 }));
    const res = await expectNothingStored(svc, () => svc.call('PUT', '/events', { body: { events } }));
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('100 events are accepted', async () => {
    const events = Array.from({ length: LIMITS.eventsPerRequest }, () => eventItem({ locationId: 11 }));
    await syncOk(svc, events);
  });

  it('an empty permanentIdentities array is 400', async () => {
    const res = await expectNothingStored(svc, () =>
      svc.call('PUT', '/permanent-identities', { body: { permanentIdentities: [] } }),
    );
    expectValidationError(res, 'permanentIdentities');
  });

  it('201 identities are 400, nothing applied', async () => {
    const permanentIdentities = Array.from({ length: LIMITS.identitiesPerRequest + 1 }, () => ({
      sourceId: uid('pi'),
    }));
    const res = await expectNothingStored(svc, () =>
      svc.call('PUT', '/permanent-identities', { body: { permanentIdentities } }),
    );
    expectValidationError(res, 'permanentIdentities');
  });

  it('200 identities are accepted', async () => {
    const permanentIdentities = Array.from({ length: LIMITS.identitiesPerRequest }, () => ({ sourceId: uid('pi') }));
    const res = await svc.call('PUT', '/permanent-identities', { body: { permanentIdentities } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.permanentIdentities).toHaveLength(LIMITS.identitiesPerRequest);
  });
});

describe('transitions', () => {
  it.each(['TELEPORT', 'check_in', 'CHECKIN'])(
    'an unknown eventName %s is 400 and the check-in stays',
    async (eventName) => {
      const { guests } = await createGuests(svc);
      const id = guests[0]!.id;
      const res = await expectNothingStored(svc, () => transition(svc, id, eventName));
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(storedState(svc, id)).toBe('EXPECTED');
    },
  );
});
