/**
 * Every domain of the core, named once: the contract's handlers (one map,
 * each domain's under the name of its contract file) and what each domain
 * plugs in (domain.ts): its subscribers on the bus, its jobs in the sync
 * engine, its check before every operation. The dispatcher (app/core.ts),
 * the runtime and the engine take them from here and name no domain: a new
 * domain is a line in each list below.
 */
import type { OperationName } from '../../shared/contract/operations.ts';
import { agreementsDomain } from './agreements/agreements.ts';
import { AUDIT_POLICY, type AuditPolicy } from './app/audit.ts';
import type { HandlerContext, Handlers } from './app/handler.ts';
import { agreementsHandlers } from './app/handlers/agreements.ts';
import { arrivalsHandlers } from './app/handlers/arrivals.ts';
import { auditHandlers } from './app/handlers/audit.ts';
import { conflictsHandlers } from './app/handlers/conflicts.ts';
import { employeesHandlers } from './app/handlers/employees.ts';
import { forgetHandlers } from './app/handlers/forget.ts';
import { groupsHandlers } from './app/handlers/groups.ts';
import { hubHandlers } from './app/handlers/hub.ts';
import { importsHandlers } from './app/handlers/imports.ts';
import { outboxHandlers } from './app/handlers/outbox.ts';
import { photosHandlers } from './app/handlers/photos.ts';
import { printingHandlers } from './app/handlers/printing.ts';
import { pushesHandlers } from './app/handlers/pushes.ts';
import { sessionHandlers } from './app/handlers/session.ts';
import { settingsHandlers } from './app/handlers/settings.ts';
import { siteHandlers } from './app/handlers/site.ts';
import { staffHandlers } from './app/handlers/staff.ts';
import { syncHandlers } from './app/handlers/sync.ts';
import { visitsHandlers } from './app/handlers/visits.ts';
import { watchlistDomain, watchlistHandlers } from './app/handlers/watchlist.ts';
import type { Bus } from './bus.ts';
import { evacuationMarksAudit, evacuationMarksHandlers } from './evacuation-marks/handlers.ts';
import { guestsDomain } from './guests/domain.ts';
import { guestsAudit, guestsHandlers } from './guests/handlers.ts';
import { kioskDomain } from './kiosk/domain.ts';
import { kioskAudit, kioskHandlers } from './kiosk/handlers.ts';
import type { DomainModule, DomainSite, EngineJobContext } from './domain.ts';
import { retentionDomain } from './retention/kinds.ts';
import { rollCallDomain } from './roll-call/domain.ts';
import { rollCallAudit, rollCallHandlers } from './roll-call/handlers.ts';
import type { Job } from './sync/job.ts';
import { walkInsDomain } from './walk-ins/domain.ts';
import { walkInsAudit, walkInsHandlers } from './walk-ins/handlers.ts';

/** Each domain's handlers, named as its contract file (shared/contract/<domain>.ts). */
export const handlers: Handlers<OperationName> = {
  ...sessionHandlers,
  ...syncHandlers,
  ...kioskHandlers,
  ...guestsHandlers,
  ...conflictsHandlers,
  ...employeesHandlers,
  ...groupsHandlers,
  ...importsHandlers,
  ...pushesHandlers,
  ...outboxHandlers,
  ...settingsHandlers,
  ...siteHandlers,
  ...hubHandlers,
  ...walkInsHandlers,
  ...rollCallHandlers,
  ...evacuationMarksHandlers,
  ...auditHandlers,
  ...visitsHandlers,
  ...arrivalsHandlers,
  ...printingHandlers,
  ...watchlistHandlers,
  ...agreementsHandlers,
  ...photosHandlers,
  ...staffHandlers,
  ...forgetHandlers,
};

/**
 * Whether each operation is audited, and its entry (app/audit.ts): the
 * domains with a folder of their own declare theirs beside their handlers.
 * An operation without a decision does not compile.
 */
export const auditPolicy: AuditPolicy<OperationName> = {
  ...AUDIT_POLICY,
  ...rollCallAudit,
  ...evacuationMarksAudit,
  ...walkInsAudit,
  ...guestsAudit,
  ...kioskAudit,
};

/** The domains that plug more than handlers into the core, in the order their parts run. */
export const DOMAINS: readonly DomainModule[] = [
  watchlistDomain,
  rollCallDomain,
  walkInsDomain,
  guestsDomain,
  kioskDomain,
  retentionDomain,
  agreementsDomain,
];

/** Subscribes every domain to the runtime's bus (once, when the runtime opens). */
export function subscribeDomains(bus: Bus, site: DomainSite, domains = DOMAINS): void {
  for (const domain of domains) domain.subscribe?.(bus, site);
}

/** The jobs of every domain, for one engine. */
export const domainJobs = (ctx: EngineJobContext, domains = DOMAINS): Job[] =>
  domains.flatMap((domain) => domain.jobs?.(ctx) ?? []);

/**
 * The checks before an operation, in the order of DOMAINS, each told whom the operation lets in (the first
 * domain's `entrant` that names someone).
 */
export function entryScreens(
  domains = DOMAINS,
): ((ctx: HandlerContext, name: OperationName, input: unknown) => void)[] {
  const entrantOf = (ctx: HandlerContext, name: OperationName, input: unknown) => {
    for (const domain of domains) {
      const entrant = domain.entrant?.(ctx, name, input);
      if (entrant) return entrant;
    }
    return undefined;
  };
  return domains.flatMap(({ screen }) =>
    screen
      ? [
          (ctx: HandlerContext, name: OperationName, input: unknown) =>
            screen(ctx, name, input, entrantOf(ctx, name, input)),
        ]
      : [],
  );
}
