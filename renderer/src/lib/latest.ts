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

export interface OneAtATime<Q> {
  /** Asks now, or once the question on its way is answered; resolves when nothing waits any more. */
  ask(question: Q): Promise<void>;
  /** Forgets the question waiting (the one on its way is answered; a Latest drops its answer). */
  drop(): void;
}

/**
 * One question on its way at a time, no debounce: asked while one is on its
 * way, only the newest waits, and is asked as soon as the answer comes (a
 * search typed faster than it is answered asks for what the field holds
 * then, never for every keystroke in between). `ask` handles its own
 * answer and errors; one that throws does not stop the next.
 */
export function oneAtATime<Q>(ask: (question: Q) => Promise<void>): OneAtATime<Q> {
  let waiting: { question: Q } | null = null;
  let running: Promise<void> | undefined;
  async function drain() {
    while (waiting) {
      const { question } = waiting;
      waiting = null;
      await ask(question).catch(() => undefined);
    }
  }
  return {
    ask(question) {
      waiting = { question };
      running ??= drain().finally(() => (running = undefined));
      return running;
    },
    drop() {
      waiting = null;
    },
  };
}
