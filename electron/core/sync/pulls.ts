/**
 * The pull steps, one file per resource under pulls/ over the shared listing
 * pull (pulls/listing.ts: paging, one time-sized transaction per batch of
 * rows, removal of what the service no longer lists, held back by the rule
 * in pulls/removals.ts). Rows are removed only after a complete listing, and
 * watermarks advance only after a successful pull, so a failed pull removes
 * nothing and is simply done again.
 */
export type { CheckInListing } from './check-in-listing.ts';
export { stateKey, type ListingMemo, type PullContext, type PullResult } from './pulls/context.ts';
export { pullInvitations, syncWindow } from './pulls/invitations.ts';
export { CHECK_IN_PASS_REQUESTS, pullCheckIns } from './pulls/check-ins.ts';
export { pullGroups } from './pulls/groups.ts';
export { pullEmployees } from './pulls/employees.ts';
export { purgeExpired } from './pulls/purge.ts';
