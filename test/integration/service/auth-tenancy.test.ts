/**
 * Authentication (docs/interface.md "Base URL and authentication"), tenancy between the two
 * companies of the test world, and the OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../shared/api/index.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { OTHER_TOKEN, TEST_TOKEN, UNMAPPED_TOKEN } from '../../support/world.ts';
import {
  createGuests,
  eventItem,
  expectError,
  expectNothingStored,
  invitationItem,
  invitationsOfEvent,
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

/** One well-formed request per endpoint, so a 401 cannot be a 400 in disguise. */
const requests: [string, string, string, unknown][] = [
  ['listInvitations', 'GET', '/locations/10/invitations', undefined],
  ['syncEvents', 'PUT', '/events', { events: [{ sourceId: 'auth-ev', name: 'x', locationId: 10 }] }],
  ['syncPermanentIdentities', 'PUT', '/permanent-identities', { permanentIdentities: [{ sourceId: 'auth-pi' }] }],
  ['transitionCheckIn', 'POST', '/check-ins/transitions', { eventName: 'CHECK_IN', checkIn: { id: 1 } }],
  [
    'uploadAccessProfiles',
    'PUT',
    '/access-control/access-profile-groups/berlin-doors/access-profiles',
    { accessProfiles: [{ sourceId: 'auth-p', name: 'P' }] },
  ],
  ['listCheckIns', 'GET', '/locations/10/check-ins', undefined],
  ['listAccessProfileGroups', 'GET', '/access-control/access-profile-groups', undefined],
  ['listEmployees', 'GET', '/companies/1/employees', undefined],
];

function send(
  method: string,
  path: string,
  body: unknown,
  auth: { token?: string | null; headers?: Record<string, string> },
) {
  const query = path.endsWith('/invitations') ? WIDE : undefined;
  return svc.call(method, path, { ...auth, ...(body !== undefined ? { body } : {}), ...(query ? { query } : {}) });
}

function expectUnauthenticated(res: Awaited<ReturnType<typeof send>>) {
  expectError(res, 401, 'UNAUTHENTICATED');
  const header = res.headers['www-authenticate'];
  expect(typeof header === 'string' ? header : '', 'WWW-Authenticate header').toMatch(/^Bearer/);
}

describe('authentication', () => {
  it('covers all eight endpoints of the interface', () => {
    expect(requests.map(([name]) => name).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it.each(requests)(
    '%s without a token is 401 with WWW-Authenticate: Bearer, nothing applied',
    async (_, method, path, body) => {
      const res = await expectNothingStored(svc, () => send(method, path, body, { token: null }));
      expectUnauthenticated(res);
    },
  );

  it.each(requests)('%s with an unknown token is 401', async (_, method, path, body) => {
    const res = await expectNothingStored(svc, () => send(method, path, body, { token: 'no-such-token-1234' }));
    expectUnauthenticated(res);
  });

  it.each(requests)('%s with another scheme than Bearer is 401', async (_, method, path, body) => {
    const basic = `Basic ${Buffer.from(`user:${TEST_TOKEN}`).toString('base64')}`;
    const res = await expectNothingStored(svc, () =>
      send(method, path, body, { token: null, headers: { authorization: basic } }),
    );
    expectUnauthenticated(res);
  });

  it('a bare token without a scheme is 401', async () => {
    const res = await svc.call('GET', '/companies/1/employees', {
      token: null,
      headers: { authorization: TEST_TOKEN },
    });
    expectUnauthenticated(res);
  });

  it('"Bearer" with an empty token is 401', async () => {
    const res = await svc.call('GET', '/companies/1/employees', { token: null, headers: { authorization: 'Bearer ' } });
    expectUnauthenticated(res);
  });

  it('an unknown route without a token is still answered with the error body', async () => {
    const res = await svc.call('GET', '/no-such-route', { token: null });
    expect([401, 404]).toContain(res.status);
    expectError(res, res.status, res.status === 401 ? 'UNAUTHENTICATED' : 'NOT_FOUND');
  });

  it('successful answers are 200 with a JSON body, the upload 204 with none', async () => {
    const { guests } = await createGuests(svc);
    for (const [name, method, path, body] of requests) {
      const sent = name === 'transitionCheckIn' ? { eventName: 'CHECK_IN', checkIn: { id: guests[0]!.id } } : body;
      const res = await send(method, path, sent, {});
      if (name === 'uploadAccessProfiles') {
        expect(res.status, res.text).toBe(204);
        expect(res.text).toBe('');
      } else {
        expect(res.status, `${name}: ${res.text}`).toBe(200);
        expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
        expect(typeof res.body).toBe('object');
      }
    }
  });

  it('each valid token is accepted', async () => {
    for (const token of [TEST_TOKEN, UNMAPPED_TOKEN, OTHER_TOKEN]) {
      const res = await svc.call('GET', '/access-control/access-profile-groups', { token });
      expect(res.status, res.text).toBe(200);
    }
  });
});

describe('tenancy: another company is answered as if it did not exist', () => {
  it('invitations of another company’s location are 404', async () => {
    expectError(await svc.call('GET', '/locations/20/invitations', { query: WIDE }), 404, 'NOT_FOUND');
    expectError(
      await svc.call('GET', '/locations/10/invitations', { token: OTHER_TOKEN, query: WIDE }),
      404,
      'NOT_FOUND',
    );
  });

  it('invitations of an unknown location are 404', async () => {
    expectError(await svc.call('GET', '/locations/999/invitations', { query: WIDE }), 404, 'NOT_FOUND');
  });

  it('check-ins of another company’s location, or an unknown one, are 404', async () => {
    expectError(await svc.call('GET', '/locations/20/check-ins'), 404, 'NOT_FOUND');
    expectError(await svc.call('GET', '/locations/11/check-ins', { token: OTHER_TOKEN }), 404, 'NOT_FOUND');
    expectError(await svc.call('GET', '/locations/999/check-ins'), 404, 'NOT_FOUND');
  });

  it('a check-in of another company is 404 and stays as it was', async () => {
    const { guests } = await createGuests(svc, { token: OTHER_TOKEN, locationId: 20 });
    const id = guests[0]!.id;
    const res = await expectNothingStored(svc, () => transition(svc, id, 'CHECK_IN', TEST_TOKEN));
    expectError(res, 404, 'NOT_FOUND');
    expect(storedState(svc, id)).toBe('EXPECTED');
    // Its own company can still move it.
    const own = await transition(svc, id, 'CHECK_IN', OTHER_TOKEN);
    expect(own.status, own.text).toBe(200);
    expect(own.body.state).toBe('CHECKED_IN');
  });

  it('employees of another company, or an unknown company, are 404', async () => {
    expectError(await svc.call('GET', '/companies/2/employees'), 404, 'NOT_FOUND');
    expectError(await svc.call('GET', '/companies/1/employees', { token: OTHER_TOKEN }), 404, 'NOT_FOUND');
    expectError(await svc.call('GET', '/companies/999/employees'), 404, 'NOT_FOUND');
  });

  it.each([
    ['a group of another company', TEST_TOKEN, 'globex-doors'],
    ['an own group the integration is not mapped to', TEST_TOKEN, 'unmapped-doors'],
    ['an unknown group', TEST_TOKEN, 'no-such-doors'],
    ['any group with a token without mappings', UNMAPPED_TOKEN, 'berlin-doors'],
  ])('an upload to %s is 404 and changes nothing', async (_, token, group) => {
    const res = await expectNothingStored(svc, () =>
      svc.call('PUT', `/access-control/access-profile-groups/${group}/access-profiles`, {
        token,
        body: { accessProfiles: [{ sourceId: uid('p'), name: 'Front door' }] },
      }),
    );
    expectError(res, 404, 'NOT_FOUND');
  });

  it('a token without mappings lists no groups', async () => {
    const res = await svc.call('GET', '/access-control/access-profile-groups', { token: UNMAPPED_TOKEN });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ groups: [], pageInfo: expect.objectContaining({ totalCount: 0 }) });
  });

  it('each token lists only the groups of its own integration', async () => {
    const own = await svc.call('GET', '/access-control/access-profile-groups', { token: OTHER_TOKEN });
    expect(own.status, own.text).toBe(200);
    expect(own.body.groups.map((g: { sourceId: string }) => g.sourceId)).toEqual(['globex-doors']);
    const acme = await svc.call('GET', '/access-control/access-profile-groups');
    expect(acme.body.groups.map((g: { sourceId: string }) => g.sourceId)).not.toContain('globex-doors');
  });

  it('the same event sourceId in two companies is two separate events', async () => {
    const sourceId = uid('shared-ev');
    const acme = eventItem({ sourceId, invitations: [invitationItem()] });
    const globex = eventItem({ sourceId, locationId: 20, invitations: [invitationItem()] });
    await syncOk(svc, [acme]);
    await syncOk(svc, [globex], OTHER_TOKEN);
    const acmeListed = await invitationsOfEvent(svc, acme.name as string, 10);
    const globexListed = await invitationsOfEvent(svc, globex.name as string, 20, WIDE, OTHER_TOKEN);
    expect(acmeListed).toHaveLength(1);
    expect(globexListed).toHaveLength(1);
    expect(acmeListed[0]!.event.id).not.toBe(globexListed[0]!.event.id);
    expect(acmeListed[0]!.event.locationId).toBe(10);
    expect(globexListed[0]!.event.locationId).toBe(20);
  });

  it('an event of another company cannot be changed through its sourceId', async () => {
    const globex = eventItem({ locationId: 20, invitations: [invitationItem()] });
    await syncOk(svc, [globex], OTHER_TOKEN);
    // Company 1 sends only a name for that sourceId: for company 1 it is a new event without times, so INVALID.
    const res = await svc.call('PUT', '/events', {
      body: { events: [{ sourceId: globex.sourceId, name: 'Hijacked' }] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.events[0].status).toBe('INVALID');
    const listed = await invitationsOfEvent(svc, globex.name as string, 20, WIDE, OTHER_TOKEN);
    expect(listed).toHaveLength(1);
  });
});

describe('OpenAPI description', () => {
  it('GET {baseUrl}/openapi.json needs no token and describes all eight endpoints', async () => {
    const res = await svc.call('GET', '/openapi.json', { token: null });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(String(res.body.openapi)).toMatch(/^3\.1/);
    const paths = Object.keys(res.body.paths ?? {});
    for (const endpoint of Object.values(endpoints)) {
      const key = paths.find((p) => p === endpoint.path || p.endsWith(endpoint.path));
      expect(key, `path ${endpoint.path} in ${paths.join(', ')}`).toBeDefined();
      expect(res.body.paths[key!][endpoint.method.toLowerCase()], `${endpoint.method} ${endpoint.path}`).toBeDefined();
    }
  });
});
