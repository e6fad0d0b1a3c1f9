/** Kiosk tickets: a guest found by one kiosk session, for a few minutes, and nothing else. */
import { describe, expect, it } from 'vitest';
import { createTickets, TICKET_MS } from '../../../electron/core/access/tickets.ts';

const NOW = Date.parse('2030-03-12T10:00:00.000Z');

describe('kiosk tickets', () => {
  it('open to the invitation they were issued for, in the session they were issued to, until they expire', () => {
    const tickets = createTickets();
    const ticket = tickets.issue('session-a', 4711, NOW);
    expect(tickets.open('session-a', ticket, NOW)).toBe(4711);
    expect(tickets.open('session-a', ticket, NOW + TICKET_MS)).toBe(4711);
    expect(tickets.open('session-a', ticket, NOW + TICKET_MS + 1)).toBeUndefined();
    expect(tickets.open('session-b', ticket, NOW)).toBeUndefined();
  });

  it('are opaque: the id is not in them, and two of the same guest differ', () => {
    const tickets = createTickets();
    const [one, two] = [tickets.issue('s', 4711, NOW), tickets.issue('s', 4711, NOW)];
    expect(one).not.toBe(two);
    for (const ticket of [one, two]) {
      expect(ticket).toMatch(/^[A-Za-z0-9_-]{59}$/);
      expect(ticket).not.toContain('4711');
      expect(Buffer.from(ticket, 'base64url').toString('latin1')).not.toContain('4711');
    }
  });

  it('cannot be made from a bare id, altered, or opened by another process', () => {
    const tickets = createTickets();
    const ticket = tickets.issue('s', 4711, NOW);
    for (const forged of ['4711', '', 'F1-4711-ABCDEFGH', ticket.slice(0, -1), `${ticket}A`, `${ticket.slice(1)}A`])
      expect(tickets.open('s', forged, NOW)).toBeUndefined();
    // every single character changed, one at a time
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < ticket.length; i++) {
      const other = alphabet[(alphabet.indexOf(ticket[i]!) + 1) % alphabet.length]!;
      expect(tickets.open('s', ticket.slice(0, i) + other + ticket.slice(i + 1), NOW)).toBeUndefined();
    }
    expect(createTickets().open('s', ticket, NOW)).toBeUndefined();
  });
});
