/** The kiosk's lookup budget: distinct guests shown per session and per client in ten minutes. */
import { describe, expect, it } from 'vitest';
import { createLookupBudget, LOOKUP_BUDGET } from '../../../electron/core/access/lookup-budget.ts';

const NOW = Date.parse('2030-03-12T10:00:00.000Z');
const MINUTE = 60_000;

/** Lookups of five new guests each until one is refused; returns how many guests were shown, and the refusal. */
function listUntilRefused(
  budget: ReturnType<typeof createLookupBudget>,
  who: { id: string; client: string },
  from: number,
  now = NOW,
) {
  let next = from;
  for (;;) {
    try {
      budget.check(who, now);
    } catch (error) {
      return { shown: next - from, refusal: (error as Error).message };
    }
    budget.shown(who, [next, next + 1, next + 2, next + 3, next + 4], now);
    next += 5;
  }
}

describe('the kiosk lookup budget', () => {
  it('lets one session be shown the session budget of distinct guests, then says when to look up again', () => {
    const budget = createLookupBudget();
    const { shown, refusal } = listUntilRefused(budget, { id: 's', client: 'ip:192.0.2.1' }, 1);
    expect(shown).toBe(LOOKUP_BUDGET.session);
    expect(refusal).toMatch(/shown many guests in the last minutes; look up again in 10 min/);
  });

  it('shows the guests already shown again at no cost (typing on, backspace, typing again)', () => {
    const budget = createLookupBudget();
    const who = { id: 's', client: 'ip:192.0.2.1' };
    for (let i = 0; i < 1000; i++) {
      budget.check(who, NOW + i);
      budget.shown(who, [1, 2, 3, 4, 5], NOW + i);
    }
    expect(listUntilRefused(budget, who, 100, NOW + 1000).shown).toBe(LOOKUP_BUDGET.session - 5);
  });

  it("counts a client's sessions together: a new cookie buys nothing beyond the client's budget", () => {
    const budget = createLookupBudget();
    let total = 0;
    for (let s = 0; s < 10; s++)
      total += listUntilRefused(budget, { id: `s${s}`, client: 'ip:192.0.2.1' }, 1 + total).shown;
    expect(total).toBe(LOOKUP_BUDGET.client);
    // Another address is not held up.
    expect(listUntilRefused(budget, { id: 'other', client: 'ip:192.0.2.2' }, 10_000).shown).toBe(LOOKUP_BUDGET.session);
  });

  it('gives room again as guests leave the window', () => {
    const budget = createLookupBudget();
    const who = { id: 's', client: 'ip:192.0.2.1' };
    listUntilRefused(budget, who, 1);
    expect(listUntilRefused(budget, who, 1000, NOW + 10 * MINUTE - 1).shown).toBe(0);
    expect(listUntilRefused(budget, who, 1000, NOW + 10 * MINUTE).shown).toBe(LOOKUP_BUDGET.session);
  });

  it('gives room for the next guest for each guest served, up to a limit', () => {
    const budget = createLookupBudget();
    const who = { id: 's', client: 'device:3' };
    listUntilRefused(budget, who, 1);
    budget.served(who, 1, NOW);
    expect(listUntilRefused(budget, who, 1000).shown).toBe(LOOKUP_BUDGET.perServed);
    for (let i = 0; i < 100; i++) budget.served(who, 100 + i, NOW);
    const shown = LOOKUP_BUDGET.session + LOOKUP_BUDGET.perServed;
    const most = LOOKUP_BUDGET.session + LOOKUP_BUDGET.perServed * LOOKUP_BUDGET.maxServed;
    expect(listUntilRefused(budget, who, 2000).shown).toBe(most - shown);
  });

  it('counts a guest served once: checking the same guest out and back twenty times buys one guest', () => {
    const budget = createLookupBudget();
    const who = { id: 's', client: 'device:4' };
    listUntilRefused(budget, who, 1);
    for (let i = 0; i < 20; i++) budget.served(who, 7, NOW + i);
    expect(listUntilRefused(budget, who, 1000, NOW + 20).shown).toBe(LOOKUP_BUDGET.perServed);
  });
});
