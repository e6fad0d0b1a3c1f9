/** Retrying failed work in the outbox: one item, or every failed one (handlers/outbox.ts). */
import { AppError } from '../errors.ts';
import type { Mirror } from '../db/mirror.ts';
import type { OutboxRow } from '../db/repos/outbox.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { TransitionRefused } from '../outbox/transitions.ts';

export class NoSuchOutboxItem extends AppError {
  override name = 'NoSuchOutboxItem';
  constructor(readonly id: number) {
    super('NOT_FOUND', `no outbox item ${id}`);
  }
}

/** An item that cannot go again (not failed, or its guest moved on): REFUSED, with the reason. */
export class RetryRefused extends AppError {
  override name = 'RetryRefused';
  constructor(message: string) {
    super('REFUSED', message);
  }
}

/**
 * Queues a failed item again. A failed transition is planned again from the
 * guest's state now; when that state no longer allows it (the guest moved on
 * meanwhile), it is refused with the reason, and the item stays as it was.
 */
export function retryItem(mirror: Mirror, outbox: Pick<Outbox, 'retry'>, id: number): OutboxRow {
  const row = mirror.outbox.byId(id);
  if (!row) throw new NoSuchOutboxItem(id);
  if (row.state !== 'failed')
    throw new RetryRefused(`outbox item ${id} is ${row.state}; only failed items can be retried`);
  try {
    return outbox.retry(id);
  } catch (error) {
    if (error instanceof TransitionRefused) throw new RetryRefused(`not sent again: ${error.message}`);
    throw error;
  }
}

/** Every failed item queued again; those that cannot go again say why. */
export function retryAllFailed(
  mirror: Mirror,
  outbox: Pick<Outbox, 'retry'>,
): { retried: number; refused: { id: number; label: string; reason: string }[] } {
  let retried = 0;
  const refused: { id: number; label: string; reason: string }[] = [];
  for (const id of mirror.outbox.retryableIds()) {
    try {
      retryItem(mirror, outbox, id);
      retried++;
    } catch (error) {
      if (!(error instanceof RetryRefused)) throw error;
      refused.push({ id, label: mirror.outbox.byId(id)!.label, reason: error.message });
    }
  }
  return { retried, refused };
}
