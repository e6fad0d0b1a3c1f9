/**
 * The watchlist's operations, and its check at every place a person is let
 * in. The check runs in core.call before the operation (screenEntry), for
 * every door alike, so that an alert is committed even when the operation is
 * then refused, and before a kiosk's host ticket is spent. A deny match
 * refuses: a kiosk hears only what any refusal says (please see reception),
 * never why; a desk is told the entry and its note, and decides at the alert.
 */
import type { OperationName } from '../../../../shared/contract/operations.ts';
import type { DomainModule, Entrant } from '../../domain.ts';
import type { WatchlistAlert } from '../../../../shared/contract/watchlist.ts';
import { iso } from '../../../../shared/time.ts';
import { personName } from '../../../../shared/domain/person-name.ts';
import { updateConfig } from '../../usecases/settings.ts';
import {
  keepWatchlist,
  type ScreenDeps,
  screenPerson,
  toWatchlistAlert,
  watchlistIndex,
} from '../../watchlist/screen.ts';
import type { WatchlistItem } from '../../imports/watchlist.ts';
import { deviceName } from '../../access/device.ts';
import { auditRowOf } from '../audit.ts';
import { AppError } from '../../errors.ts';
import type { HandlerContext, Handlers, ParsedInput } from '../handler.ts';
import { walkInIdOf } from '../../../../shared/domain/guest-key.ts';

const depsOf = (ctx: HandlerContext): ScreenDeps => ({
  mirror: ctx.runtime.mirror,
  config: () => ctx.runtime.config,
  now: ctx.now,
  auditRow: (entry) => auditRowOf(ctx, entry),
});

/** Tells every desk of each alert, with it. */
const tell = (ctx: HandlerContext, alerts: readonly WatchlistAlert[]) => {
  for (const alert of alerts) ctx.emit({ type: 'watchlist-changed', alert });
};

/**
 * The person a check-in is about to let in, and where; undefined for any other operation (or no such person).
 * A domain in its own folder says whom its operations let in itself (DomainModule.entrant: the walk-ins', the
 * kiosk's).
 */
function personOf(ctx: HandlerContext, name: OperationName, input: unknown): Entrant | undefined {
  const { runtime } = ctx;
  const device = deviceName(ctx);
  const guest = (invitationId: number | undefined, point: string) => {
    const found =
      invitationId === undefined ? undefined : runtime.mirror.guests.byId(invitationId, runtime.config.flow);
    return found && { person: found, where: { point, device, invitationId: found.invitationId } };
  };
  switch (name) {
    case 'guests.transition': {
      const { invitationId, action } = input as ParsedInput<'guests.transition'>;
      return action === 'checkIn' ? guest(invitationId, 'desk check-in') : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The check before an operation that lets someone in (core.call runs it for every operation): alerts are written
 * and told to every desk; a deny match refuses the operation.
 */
export function screenEntry(
  ctx: HandlerContext,
  name: OperationName,
  input: unknown,
  entrant: Entrant | undefined,
): void {
  const about = entrant ?? personOf(ctx, name, input);
  if (!about) return;
  const { deny, alerts } = screenPerson(depsOf(ctx), about.person, about.where);
  tell(ctx, alerts.map(toWatchlistAlert));
  if (!deny) return;
  if (ctx.session.role === 'kiosk') throw new AppError('REFUSED', 'please see the reception desk');
  const first = alerts.find((a) => a.action === 'deny') ?? alerts[0]!;
  throw new AppError(
    'REFUSED',
    `${personName(about.person)} matches the watchlist entry "${first.entryName}" (deny)` +
      `${first.entryNote ? `: ${first.entryNote}` : ''}. Decide at the alert first: Let in, or Turn away`,
  );
}

/** After a list is pushed: who is on site already and on it is flagged at the desk. */
export function keepPushedWatchlist(
  ctx: HandlerContext,
  file: string,
  items: readonly WatchlistItem[],
  lines: readonly (number | null)[],
): number {
  const { runtime } = ctx;
  const list = keepWatchlist(runtime.mirror, file, items, lines, ctx.now());
  // Built now (0.6-2 s at 10,000 entries), not at the next guest's check-in.
  watchlistIndex(runtime.mirror, list);
  const device = deviceName(ctx);
  for (const guest of runtime.mirror.onSite.everyone(runtime.config.locationId, runtime.config.flow)) {
    const walkInId = walkInIdOf(guest.invitationId);
    const where = walkInId === undefined ? { invitationId: guest.invitationId } : { walkInId };
    const { alerts } = screenPerson(depsOf(ctx), guest, { point: 'on site when the list came', device, ...where });
    tell(ctx, alerts.map(toWatchlistAlert));
  }
  return list.id;
}

export const watchlistHandlers: Handlers<
  'watchlist.status' | 'watchlist.setSettings' | 'watchlist.alerts' | 'watchlist.decide'
> = {
  'watchlist.status': (_, { runtime }) => {
    const list = runtime.mirror.watchlist.list();
    const entries = list ? runtime.mirror.watchlist.entries(list.id) : [];
    return {
      list: list
        ? {
            file: list.file,
            pushedAt: list.pushedAt,
            entries: list.entries,
            deny: entries.filter((e) => e.action === 'deny').length,
          }
        : null,
      threshold: runtime.config.watchlist.threshold,
      openAlerts: runtime.mirror.watchlist.openCount(),
    };
  },
  'watchlist.setSettings': (watchlist, ctx) => updateConfig(ctx.runtime, (c) => ({ ...c, watchlist })).watchlist,
  'watchlist.alerts': (_, { runtime }) => runtime.mirror.watchlist.open().map(toWatchlistAlert),
  'watchlist.decide': ({ id, decision }, ctx) => {
    const { mirror } = ctx.runtime;
    const row = mirror.watchlist.alert(id);
    if (!row) throw new AppError('NOT_FOUND', `no watchlist alert ${id}`);
    if (row.decision) throw new AppError('REFUSED', `this alert was decided already (${row.decidedBy ?? 'a desk'})`);
    const at = iso(ctx.now());
    mirror.transaction(() => {
      mirror.watchlist.decide(id, decision, at, deviceName(ctx));
      if (decision === 'notThisPerson') mirror.watchlist.clear(row.entryKey, row.visitorKey, at, id);
    });
    const decided = toWatchlistAlert(mirror.watchlist.alert(id)!);
    // Every desk takes it off its list.
    ctx.emit({ type: 'watchlist-changed' });
    return decided;
  },
};

/** The watchlist's part in the core (domains.ts): its check before every operation. */
export const watchlistDomain: DomainModule = { name: 'watchlist', screen: screenEntry };
