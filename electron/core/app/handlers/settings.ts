/** The admin's settings: the connection, PINs, the check-in flow, the kiosk, sync and retention. */
import { applyKioskPatch, type settingsOperations } from '../../../../shared/contract/settings.ts';
import { servicePatternProblem } from '../../codes/service-pattern.ts';
import { testConnection } from '../../usecases/connection.ts';
import { refusePersonalPin } from '../../usecases/staff.ts';
import { checkFlow } from '../../config/flow-rules.ts';
import { setConnection, setPin, setSync, settingsView, updateConfig } from '../../usecases/settings.ts';
import { InvalidField } from '../../errors.ts';
import type { Handlers } from '../handler.ts';
import { CLI_CLIENT } from '../../access/session.ts';

export const settingsHandlers: Handlers<keyof typeof settingsOperations> = {
  'settings.get': (_, { runtime }) => settingsView(runtime),
  'settings.setKiosk': (patch, { runtime }) => {
    const problem = patch.codes?.servicePattern ? servicePatternProblem(patch.codes.servicePattern) : undefined;
    if (problem) throw new InvalidField('codes.servicePattern', problem);
    return updateConfig(runtime, (c) => ({ ...c, kiosk: applyKioskPatch(c.kiosk, patch) })).kiosk;
  },
  'settings.testConnection': async (input, { runtime }) => {
    if (!input.baseUrl) {
      const running = runtime.embedded;
      if (!running)
        return {
          ok: true,
          reachable: true,
          tokenAccepted: true,
          companyVisible: true,
          locationVisible: true,
          sentence: 'The embedded demo service starts on this machine, with demo data: nothing to reach.',
          locations: [],
        };
      return testConnection({ ...input, baseUrl: running.baseUrl, token: running.token });
    }
    // The stored token goes only to the service it was stored for.
    const token = input.token ?? (input.baseUrl === runtime.config.baseUrl ? runtime.tokenStore.get() : undefined);
    if (!token) throw new InvalidField('token', 'enter the token this service issued for Foyer');
    return testConnection({ ...input, baseUrl: input.baseUrl, token });
  },
  // A refused setting (SettingRefused) names its field, so that the form shows the message beside it.
  'settings.setConnection': async (input, { runtime }) => {
    const { newMirror } = await setConnection(runtime, input);
    return { settings: settingsView(runtime), newMirror };
  },
  // The machine's own user (the command line) may remove the admin PIN; a screen may not lock everyone out.
  'settings.setPin': async ({ role, pin }, { runtime, session }) => {
    if (pin !== null) await refusePersonalPin(runtime, pin);
    return setPin(runtime, role, pin, { mayRemoveAdmin: session.client === CLI_CLIENT });
  },
  // A flow that breaks its own rules (config/flow-rules.ts) is refused at its field, as at every other writer.
  'settings.setFlow': (flow, { runtime }) => {
    checkFlow(flow);
    return updateConfig(runtime, (c) => ({ ...c, flow })).flow;
  },
  'settings.setSync': (patch, { runtime }) => {
    setSync(runtime, patch);
    return settingsView(runtime);
  },
};
