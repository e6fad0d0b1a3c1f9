/**
 * foyer devices: the site hub's paired devices, read and changed through the
 * contract on its registry (hub.sqlite), so that it works while a hub runs in
 * another process: a revocation counts at the device's next request, and
 * the hub closes its streams within seconds.
 */
import { HubPairInput } from '../../../shared/contract/hub.ts';
import { localTime, type Output, parseCommand, table, UsageError } from './args.ts';
import { openDoor } from './door.ts';

export const DEVICES_USAGE = `Usage: foyer devices [--json] [--data-dir DIR]
       foyer devices pair CODE --role kiosk|desk --name NAME [--data-dir DIR]
       foyer devices revoke ID [--data-dir DIR]

Lists the site hub's paired devices (their role, when last seen and from where,
what they did today); pairs the device that shows CODE (the six digits on its
screen) with its role and a name; revokes a device: its credential opens nothing
any more. Works while "foyer hub" (or the desktop app as a hub) runs.
`;

export async function devicesCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals, dataDir } = parseCommand(
    argv,
    { json: { type: 'boolean' }, role: { type: 'string' }, name: { type: 'string' } },
    { min: 0, max: 2 },
  );
  if (values.help) return (out.write(DEVICES_USAGE), 0);
  const [action, argument] = positionals;
  if (action !== undefined && action !== 'pair' && action !== 'revoke')
    throw new UsageError(`unknown action "${action}": pair or revoke`);
  if (action === undefined && positionals.length > 0) throw new UsageError('missing argument');
  if (action !== undefined && argument === undefined)
    throw new UsageError(action === 'pair' ? 'missing the code the device shows' : 'missing the device id');
  if (action !== 'pair' && (values.role !== undefined || values.name !== undefined))
    throw new UsageError('--role and --name are for "foyer devices pair"');

  // Through the contract, as the desk's Devices view pairs and revokes (its rules, in the audit log).
  const door = await openDoor(dataDir, undefined, { hub: true });
  try {
    if (action === 'pair') {
      const parsed = HubPairInput.safeParse({ code: argument, role: values.role, name: values.name });
      if (!parsed.success)
        throw new UsageError(parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
      const device = await door.call('hub.pair', parsed.data);
      out.write(`Paired device ${device.id} "${device.name}" as ${device.role}.\n`);
      return 0;
    }
    if (action === 'revoke') {
      const id = Number(argument);
      if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError(`"${argument}" is not a device id`);
      const device = await door.call('hub.revoke', { id });
      out.write(`Revoked device ${device.id} "${device.name}": it must be paired again to be used.\n`);
      return 0;
    }
    // Whether a device holds a stream now is known to the running hub only (hub.status at a desk).
    const devices = (await door.call('hub.status', {})).devices.map(({ connected: _connected, ...device }) => device);
    if (values.json) {
      out.write(`${JSON.stringify(devices, null, 2)}\n`);
      return 0;
    }
    if (devices.length === 0) {
      out.write('No devices are paired yet: a new device shows a code; pair it with "foyer devices pair CODE".\n');
      return 0;
    }
    out.write(
      `${table(
        ['id', 'name', 'role', 'paired', 'last seen', 'from', 'today in/out/other', 'revoked'],
        devices.map((d) => [
          d.id,
          d.name,
          d.role,
          localTime(d.pairedAt),
          localTime(d.lastSeenAt) || 'never',
          // Two addresses at once: the credential was copied to another machine (revoke it, pair the device again).
          d.addresses.length > 1 ? `${d.addresses.join(', ')} (copied?)` : d.lastAddress,
          `${d.today.checkIns}/${d.today.checkOuts}/${d.today.other}`,
          localTime(d.revokedAt),
        ]),
      )}\n`,
    );
    return 0;
  } finally {
    // The registry's refusals (no such code or device, a wait after wrong codes) reach the user as "foyer: ..." (exit 1).
    await door.close();
  }
}
