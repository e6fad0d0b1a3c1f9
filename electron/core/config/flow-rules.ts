/**
 * The flow's own rules, checked wherever the flow is written: by the console (settings.setFlow) and by
 * "foyer config set flow", which writes the configuration file before any core runs.
 */
import type { FlowConfig } from '../../../shared/domain/flow.ts';
import { InvalidField } from '../errors.ts';

/** A setting refused, with the field it is about: INVALID_INPUT, shown beside that field. */
export class SettingRefused extends InvalidField {
  override name = 'SettingRefused';
}

/** The flow's own rules: a state belongs to one category, and a guest without a check-in is expected. */
export function checkFlow(flow: FlowConfig): void {
  const seen = new Map<string, string>();
  for (const category of ['expected', 'onsite', 'left'] as const) {
    if (flow[category].length === 0)
      throw new SettingRefused(
        category,
        `name at least one state that counts as ${category === 'onsite' ? 'on site' : category}`,
      );
    for (const state of flow[category]) {
      const earlier = seen.get(state);
      if (earlier) throw new SettingRefused(category, `${state} is already in ${earlier}: a state belongs to one list`);
      seen.set(state, category);
    }
  }
  if (!flow.expected.includes(flow.initialState))
    throw new SettingRefused(
      'initialState',
      `the state of a guest not yet checked in (${flow.initialState}) must be one of the expected states`,
    );
  for (const [action, eventName] of Object.entries(flow.transitions))
    if (!/^[A-Z][A-Z0-9_]*$/.test(eventName))
      throw new SettingRefused(
        `transitions.${action}`,
        `"${eventName}" is not an event name: capital letters, digits and _`,
      );
}
