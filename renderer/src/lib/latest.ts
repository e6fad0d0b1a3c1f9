/**
 * "Latest request wins": a screen asks again before the last answer came
 * (a keystroke, another tab, another file), and an older answer arriving
 * late must not overwrite a newer one. A `Latest` hands out tickets; only
 * answers for the newest ticket are taken, the others are dropped (their
 * errors too: nobody is waiting for them any more).
 */
export type Answer<T> = { current: true; value: T } | { current: false };

export interface Latest {
  /** A new ticket: every answer for an older one is dropped from now on. */
  next(): number;
  /** The newest ticket, for several requests of one view (its pages, its changes). */
  ticket(): number;
  isCurrent(ticket: number): boolean;
  /** Drops every answer in flight (the screen was left or reset). */
  cancel(): void;
  /**
   * Runs `request` under `ticket` (a new one unless given) and says whether
   * its answer still counts; an error is thrown only while it does.
   */
  run<T>(request: () => Promise<T>, ticket?: number): Promise<Answer<T>>;
}

export function latest(): Latest {
  let newest = 0;
  const self: Latest = {
    next: () => ++newest,
    ticket: () => newest,
    isCurrent: (ticket) => ticket === newest,
    cancel: () => {
      newest++;
    },
    async run(request, ticket = self.next()) {
      try {
        const value = await request();
        return ticket === newest ? { current: true, value } : { current: false };
      } catch (error) {
        if (ticket === newest) throw error;
        return { current: false };
      }
    },
  };
  return self;
}
