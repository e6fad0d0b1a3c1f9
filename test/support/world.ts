import type { WorldInput } from '../../service/world.ts';

/** A small world for tests: two companies, so that tenancy can be checked. */
export const TEST_TOKEN = 'acme-test-token';
export const OTHER_TOKEN = 'globex-test-token';
export const UNMAPPED_TOKEN = 'acme-unmapped-token';

export const testWorld: WorldInput = {
  companies: [
    {
      id: 1,
      name: 'Acme',
      locations: [
        { id: 10, name: 'Berlin HQ' },
        { id: 11, name: 'Hamburg' },
      ],
      employees: [
        { id: 100, email: 'ada@acme.test', firstName: 'Ada', lastName: 'Lovelace' },
        { id: 101, email: 'Charles.Babbage@acme.test', firstName: 'Charles', lastName: 'Babbage' },
        { id: 102, email: 'grace@acme.test', firstName: 'Grace', lastName: 'Hopper' },
        { id: 103, email: 'zoe@acme.test', firstName: 'Zoë', lastName: 'Ørsted' },
      ],
      integrations: [
        { token: TEST_TOKEN, defaultHostId: 100, accessProfileGroups: ['berlin-doors', 'hamburg-doors'] },
        { token: UNMAPPED_TOKEN, defaultHostId: 101, accessProfileGroups: [] },
      ],
      accessProfileGroups: [
        { sourceId: 'berlin-doors', name: 'Berlin doors', locationId: 10 },
        { sourceId: 'hamburg-doors', name: 'Hamburg doors', locationId: 11 },
        { sourceId: 'unmapped-doors', name: 'Not mapped', locationId: 10 },
      ],
    },
    {
      id: 2,
      name: 'Globex',
      locations: [{ id: 20, name: 'Springfield' }],
      employees: [{ id: 200, email: 'hank@globex.test', firstName: 'Hank', lastName: 'Scorpio' }],
      integrations: [{ token: OTHER_TOKEN, defaultHostId: 200, accessProfileGroups: ['globex-doors'] }],
      accessProfileGroups: [{ sourceId: 'globex-doors', name: 'Globex doors', locationId: 20 }],
    },
  ],
};
