/**
 * Trying a connection before using it: is the service there, does it take the
 * token, does the token see the company and the location. Each question is one
 * small request; the answer says in a sentence what works and what does not.
 */
import type { ConnectionTest } from '../../../shared/contract/settings.ts';
import { createApiClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';

export interface ConnectionToTest {
  baseUrl: string;
  token: string;
  companyId: number;
  locationId: number;
  timeoutMs?: number;
}

const ONCE = { retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } };

function locationLabel(locations: ConnectionTest['locations'], id: number): string {
  const name = locations.find((l) => l.id === id)?.name;
  return name ? `location ${id} (${name})` : `location ${id}`;
}

function known(locations: ConnectionTest['locations']): string {
  if (locations.length === 0) return '';
  return ` The token's access profile groups name ${locations.map((l) => (l.name ? `${l.id} (${l.name})` : String(l.id))).join(', ')}.`;
}

export async function testConnection(target: ConnectionToTest): Promise<ConnectionTest> {
  const api = createApiClient({ baseUrl: target.baseUrl, token: target.token, timeoutMs: target.timeoutMs ?? 8000 });
  const result: ConnectionTest = {
    ok: false,
    reachable: false,
    tokenAccepted: null,
    companyVisible: null,
    locationVisible: null,
    sentence: '',
    locations: [],
  };
  /** Runs one question; a 404 is a "no", anything else ends the test with its sentence. */
  const ask = async (question: () => Promise<unknown>): Promise<boolean | 'stop'> => {
    try {
      await question();
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.kind === 'network' || error.kind === 'timeout') {
        result.sentence = `The service at ${target.baseUrl} cannot be reached (${error.message}). Check the address and the network.`;
        return 'stop';
      }
      result.reachable = true;
      if (error.kind === 'unauthorized') {
        result.tokenAccepted = false;
        result.sentence = `The service at ${target.baseUrl} answers, but it does not accept the token. Enter the token this service issued for Foyer.`;
        return 'stop';
      }
      if (error.kind === 'not_found') return false;
      result.sentence = `The service answers, but not as the interface says (${error.message}). Check that the address ends in /api/v2.`;
      return 'stop';
    }
  };
  try {
    const groups = await ask(async () => {
      const page = await api.call('listAccessProfileGroups', { query: { limit: 500, offset: 0 } }, ONCE);
      const seen = new Map<number, string | null>();
      for (const g of page.groups)
        if (g.location) seen.set(g.location.id, g.location.name ?? seen.get(g.location.id) ?? null);
      result.locations = [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id);
    });
    if (groups === 'stop') return result;
    if (groups === false) {
      result.reachable = true;
      result.sentence = `Something answers at ${target.baseUrl}, but not this interface (404). Check that the address ends in /api/v2.`;
      return result;
    }
    result.reachable = true;
    result.tokenAccepted = true;
    const company = await ask(() =>
      api.call('listEmployees', { params: { companyId: target.companyId }, query: { limit: 1, offset: 0 } }, ONCE),
    );
    if (company === 'stop') return result;
    result.companyVisible = company;
    const location = await ask(() =>
      api.call('listCheckIns', { params: { locationId: target.locationId }, query: { limit: 1, offset: 0 } }, ONCE),
    );
    if (location === 'stop') return result;
    result.locationVisible = location;
    const where = locationLabel(result.locations, target.locationId);
    result.ok = company && location;
    if (result.ok)
      result.sentence = `The service is reachable and accepts the token; company ${target.companyId} and ${where} are visible. This connection works.`;
    else if (!company && !location)
      result.sentence = `The service is reachable and accepts the token, but neither company ${target.companyId} nor ${where} is visible to it: they belong to another company.${known(result.locations)}`;
    else if (!company)
      result.sentence = `The service is reachable and accepts the token, and ${where} is visible, but company ${target.companyId} is not: use the company the token belongs to.`;
    else
      result.sentence = `The service is reachable and accepts the token, and company ${target.companyId} is visible, but ${where} is not.${known(result.locations)}`;
    return result;
  } finally {
    await api.close();
  }
}
