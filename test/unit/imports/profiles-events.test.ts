/** Access profiles (CSV, JSON) and events with invitations (CSV grouped by event, JSON). */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importEvents } from '../../../electron/core/imports/events.ts';
import { importProfiles } from '../../../electron/core/imports/profiles.ts';
import { importErrorOf, tempFiles, utf16le } from './files.ts';

const files = tempFiles('foyer-prof-ev-');
afterAll(() => files.remove());
const SAMPLES = fileURLToPath(new URL('../../../resources/samples/', import.meta.url));

describe('access profiles', () => {
  it('reads the CSV sample, description optional', async () => {
    const result = await importProfiles(`${SAMPLES}profiles-berlin-lobby.csv`);
    expect(result.issues).toEqual([]);
    expect(result.items).toHaveLength(5);
    expect(result.items[0]).toEqual({
      sourceId: 'ber-main-entrance',
      name: 'Main entrance',
      description: 'Revolving door and the reception gate',
    });
    expect(result.items[4]).toEqual({ sourceId: 'ber-bike-garage', name: 'Bike garage' });
    expect(result.lines).toEqual([2, 3, 4, 5, 6]);
  });

  it('reads the JSON sample', async () => {
    const result = await importProfiles(`${SAMPLES}profiles-berlin-lobby.json`);
    expect(result.issues).toEqual([]);
    expect(result.items.map((p) => p.sourceId)).toEqual(['ber-main-entrance', 'ber-turnstiles', 'ber-elevators']);
    expect(result.lines).toEqual([3, 8, 9]);
  });

  it('CSV: a duplicate sourceId names the first line; a missing name names its row', async () => {
    const result = await importProfiles(
      files.write('profiles.csv', 'sourceId;name;description\np1;One;first\np1;Two;\np3;;no name\np4;Four;\n'),
    );
    expect(result.items).toEqual([
      { sourceId: 'p1', name: 'One', description: 'first' },
      { sourceId: 'p4', name: 'Four' },
    ]);
    expect(result.invalidRows).toBe(2);
    expect(result.issues.map((i) => [i.line, i.column])).toEqual([
      [3, 'sourceId'],
      [4, 'name'],
    ]);
    expect(result.issues[0]!.message).toContain('line 2');
    // Said in words that name the column, not zod's "expected string, received undefined".
    expect(result.issues[1]!.message).toBe('"name" is required, and it is empty or missing in this row');
  });

  it('JSON: duplicates and missing or empty names, each with the line of its item', async () => {
    const result = await importProfiles(
      files.write(
        'profiles.json',
        '{"accessProfiles": [\n{"sourceId": "a", "name": "A"},\n{"sourceId": "a", "name": "A again"},\n{"sourceId": "b"},\n{"sourceId": "c", "name": ""}\n]}',
      ),
    );
    expect(result.items).toEqual([{ sourceId: 'a', name: 'A' }]);
    expect(result.issues.map((i) => [i.line, i.column])).toEqual([
      [3, 'sourceId'],
      [4, 'name'],
      [5, 'name'],
    ]);
  });

  it('refuses unknown columns and a header without sourceId', async () => {
    expect(await importErrorOf(importProfiles(files.write('p-unknown.csv', 'sourceId,name,colour\n')))).toMatchObject({
      line: 1,
      column: 'colour',
    });
    const noKey = await importErrorOf(importProfiles(files.write('p-nokey.csv', 'name,description\nA,B\n')));
    expect(noKey.message).toContain('sourceId');
    // custom.<key> columns are for identities only
    expect(await importErrorOf(importProfiles(files.write('p-custom.csv', 'sourceId,name,custom.x\n')))).toMatchObject({
      column: 'custom.x',
    });
  });

  it('an empty profiles file (header only) gives an empty set, which is a valid upload', async () => {
    const result = await importProfiles(files.write('p-empty.csv', 'sourceId,name,description\n'));
    expect(result).toMatchObject({ rows: 0, items: [], issues: [] });
  });
});

const EVENT_HEADER =
  'event.sourceId,event.name,event.startsAt,event.endsAt,event.locationId,event.draft,invitation.sourceId,invitation.email,invitation.firstName';

describe('events CSV', () => {
  it('groups the sample rows by event.sourceId, invitations attached, each event at its first line', async () => {
    const result = await importEvents(`${SAMPLES}events.csv`);
    expect(result.issues).toEqual([]);
    expect(result.rows).toBe(3);
    expect(result.items).toHaveLength(2);
    expect(result.lines).toEqual([2, 4]);
    const [audit, visit] = result.items;
    expect(audit).toMatchObject({
      sourceId: 'evt-2026-audit',
      name: 'Supplier audit',
      description: 'Annual ISO 27001 audit',
      startsAt: '2026-11-24T09:00:00+01:00',
      endsAt: '2026-11-24T16:00:00+01:00',
      locationId: 10,
      draft: false,
    });
    expect(audit!.invitations).toEqual([
      {
        sourceId: 'inv-001',
        email: 'eva.dvorakova@audit.test',
        firstName: 'Eva',
        lastName: 'Dvořáková',
        companyName: 'Audit & Partner s.r.o.',
      },
      {
        sourceId: 'inv-002',
        email: 'tomas.mueller@audit.test',
        firstName: 'Tomás',
        lastName: 'Müller',
        companyName: 'Audit & Partner s.r.o.',
      },
    ]);
    expect(visit).toMatchObject({ sourceId: 'evt-2026-visit', locationId: 11, draft: true });
    expect(visit!.invitations).toHaveLength(1);
  });

  it('groups rows of an event that are not next to each other; an event without invitation columns has none', async () => {
    const result = await importEvents(
      files.write(
        'interleaved.csv',
        [
          EVENT_HEADER,
          'e1,One,2026-01-01T09:00:00Z,2026-01-01T10:00:00Z,10,no,i1,a@example.test,A',
          'e2,Two,2026-01-02T09:00:00Z,2026-01-02T10:00:00Z,11,YES,,,',
          'e1,One,,,,,i2,b@example.test,B',
          'e1,,,,10,,i1,a2@example.test,A2',
        ].join('\n'),
      ),
    );
    expect(result.items.map((e) => [e.sourceId, e.invitations?.map((i) => i.sourceId)])).toEqual([
      ['e1', ['i1', 'i2']],
      ['e2', []],
    ]);
    expect(result.items[1]).toMatchObject({ draft: true, locationId: 11 });
    // The same invitation twice in one event:
    expect(result.issues).toEqual([
      expect.objectContaining({ line: 5, column: 'invitation.sourceId', message: expect.stringContaining('line 2') }),
    ]);
  });

  it('the same invitation sourceId in two events is fine', async () => {
    const result = await importEvents(
      files.write('same-inv.csv', `${EVENT_HEADER}\na,A,,,,,inv,x@example.test,X\nb,B,,,,,inv,y@example.test,Y\n`),
    );
    expect(result.issues).toEqual([]);
    expect(result.items).toHaveLength(2);
  });

  it('a later row that contradicts its event names both lines', async () => {
    const result = await importEvents(
      files.write(
        'contradiction.csv',
        [
          EVENT_HEADER,
          'e1,Board meeting,2026-01-01T09:00:00Z,2026-01-01T10:00:00Z,10,false,i1,a@example.test,A',
          'e1,,,,,,i2,b@example.test,B',
          'e1,Board lunch,,,,,i3,c@example.test,C',
        ].join('\n'),
      ),
    );
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({ file: 'contradiction.csv', line: 4, column: 'event.name' });
    expect(result.issues[0]!.message).toContain('"Board lunch"');
    expect(result.issues[0]!.message).toContain('"Board meeting"');
    expect(result.issues[0]!.message).toContain('line 2');
    expect(result.items[0]!.name).toBe('Board meeting');
  });

  // BUG: a row that contradicts its event gets an issue, but importEvents neither counts it in invalidRows
  // ("rows with at least one issue") nor leaves its invitation out of the valid items, so
  // `foyer push events --allow-partial` (which "queues only the valid rows") pushes that row's invitation.
  it('a contradicting row is an invalid row, and its invitation is not among the valid items', async () => {
    const result = await importEvents(
      files.write(
        'contradiction-partial.csv',
        [
          EVENT_HEADER,
          'e1,Board meeting,2026-01-01T09:00:00Z,2026-01-01T10:00:00Z,10,false,i1,a@example.test,A',
          'e1,Board lunch,,,,,i3,c@example.test,C',
        ].join('\n'),
      ),
    );
    expect(result.invalidRows).toBe(1);
    expect(result.items[0]!.invitations?.map((i) => i.sourceId)).toEqual(['i1']);
  });

  it('names bad locationId and draft values, and bad cells of events and invitations', async () => {
    const result = await importEvents(
      files.write(
        'bad-values.csv',
        [
          EVENT_HEADER,
          'e1,One,2026-01-01T09:00:00Z,2026-01-01T10:00:00Z,ten,maybe,i1,a@example.test,A',
          'e2,Two,tomorrow,2026-01-01T10:00:00Z,10.5,false,i2,not-an-email,B',
          'e3,Three,2026-01-01T09:00:00Z,2026-01-01T10:00:00Z,10,0,i3,c@example.test,C',
        ].join('\n'),
      ),
    );
    expect(result.items.map((e) => e.sourceId)).toEqual(['e3']);
    expect(result.items[0]).toMatchObject({ draft: false, locationId: 10 });
    expect(result.invalidRows).toBe(2);
    const where = result.issues.map((i) => `${i.line} ${i.column}`);
    expect(where).toEqual(
      expect.arrayContaining([
        '2 event.locationId',
        '2 event.draft',
        '3 event.startsAt',
        '3 event.locationId',
        '3 invitation.email',
      ]),
    );
    expect(result.issues.find((i) => i.column === 'event.locationId')!.message).toContain('"ten"');
    expect(result.issues.find((i) => i.column === 'event.draft')!.message).toContain('"maybe"');
  });

  it('reads UTF-16 with semicolons too', async () => {
    const text = `${EVENT_HEADER}\ne1,Ünïcode,,,,,i1,u@example.test,Zoë\n`.replaceAll(',', ';');
    const result = await importEvents(files.write('events-utf16.csv', utf16le(text)));
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([
      { sourceId: 'e1', name: 'Ünïcode', invitations: [{ sourceId: 'i1', email: 'u@example.test', firstName: 'Zoë' }] },
    ]);
  });

  it('refuses a header without event.sourceId, and unknown columns', async () => {
    const noKey = await importErrorOf(
      importEvents(files.write('ev-nokey.csv', 'event.name,invitation.sourceId\nA,i\n')),
    );
    expect(noKey.message).toContain('event.sourceId');
    expect(
      await importErrorOf(importEvents(files.write('ev-unknown.csv', 'event.sourceId,event.colour\n'))),
    ).toMatchObject({ line: 1, column: 'event.colour' });
  });
});

describe('events JSON', () => {
  it('reads the sample with access profiles', async () => {
    const result = await importEvents(`${SAMPLES}events.json`);
    expect(result.issues).toEqual([]);
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({ sourceId: 'evt-2026-board', locationId: 10 });
    expect(result.items[0]!.accessProfiles).toEqual([
      { accessProfileGroupSourceId: 'berlin-floors', sourceId: 'ber-floor-5' },
    ]);
    expect(result.lines).toEqual([3]);
  });

  it('gives the line of each bad event, and of a duplicate', async () => {
    const result = await importEvents(
      files.write(
        'events.json',
        [
          '[',
          '  {"sourceId": "e1", "name": "A", "invitations": [{"sourceId": "i1", "email": "not-an-email"}]},',
          '  {"name": "no sourceId"},',
          '  {"sourceId": "e2", "locationId": "10"},',
          '  {"sourceId": "e3", "draft": true},',
          '  {"sourceId": "e3"}',
          ']',
        ].join('\n'),
      ),
    );
    expect(result.items).toEqual([{ sourceId: 'e3', draft: true }]);
    expect(result.lines).toEqual([5]);
    expect(result.issues.map((i) => [i.line, i.column])).toEqual([
      [2, 'invitations[0].email'],
      [3, 'sourceId'],
      [4, 'locationId'],
      [6, 'sourceId'],
    ]);
  });
});
