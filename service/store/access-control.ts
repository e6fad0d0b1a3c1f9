import { randomInt } from 'node:crypto';

export interface StoredAccessControl {
  credential: {
    cardNumberKiosk: string;
    cardNumberReception: string;
    cardNumberAccessControlSystem: string;
  };
  access: { startsAt: string; endsAt: string };
  pin: string;
}

const digits = (n: number, random: (max: number) => number) =>
  Array.from({ length: n }, () => String(random(10))).join('');

/** What CHECK_IN fills in: a 6-digit PIN, card numbers, and the event's window as access window. */
export function issueAccessControl(
  event: { startsAt: string; endsAt: string },
  random: (max: number) => number = (max) => randomInt(max),
): StoredAccessControl {
  const card = digits(10, random);
  return {
    credential: {
      cardNumberKiosk: `K${card}`,
      cardNumberReception: `R${card}`,
      cardNumberAccessControlSystem: `A${card}`,
    },
    access: { startsAt: event.startsAt, endsAt: event.endsAt },
    pin: digits(6, random),
  };
}
