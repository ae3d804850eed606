import type { PlatformClient } from '../api';
import type { SaveSeatGroupOutcome, SaveSeatGroupRequest } from '../../shared/methods/seat-groups';
import { writeFailureKind } from '../../shared/errors';
import { m } from '../../shared/i18n';
import { fail, ok, type Result } from '../../shared/result';
import { saveMismatches } from '../../shared/seat-groups/diff';
import {
  changedFields,
  expectedAfterSave,
  missingClearableFields,
  fieldNames,
  unreadableClears,
  valuesOf,
} from '../../shared/seat-groups/values';
import { validateSeatGroupEdit } from '../../shared/validation';
import type { Logger } from '../log';
import { withAccounts } from './accounts-handlers';
import type { ClientPool } from './client-pool';
import type { Handlers } from './dispatcher';

type SeatGroupHandlers = Pick<Handlers, 'readSeatGroup' | 'saveSeatGroup'>;
type SeatGroupClient = Pick<PlatformClient, 'seatGroupRead' | 'seatGroupEdit'>;

/**
 * Saves a seat group's settings safely: refuses a request that would clear settings by
 * leaving them out or by sending back as empty what could not be read, re-reads right before saving (someone else's change is a conflict
 * unless `overwrite`), saves once, and re-reads to report what the server now holds.
 */
export async function saveSeatGroup(
  client: SeatGroupClient,
  request: SaveSeatGroupRequest,
): Promise<Result<SaveSeatGroupOutcome>> {
  const { next, expected, overwrite } = request;
  const missing = missingClearableFields(next);
  if (missing.length > 0) {
    return fail('incomplete-edit', m.mms_sg_save_incomplete(), m.mms_sg_save_missing({ names: fieldNames(missing) }));
  }
  // A number the form loaded and sends back unchanged is the platform's own: only what was typed has the one-day bound.
  // What the form says it loaded answers a bad edit before any request; what the platform holds decides (below).
  const checked = validateSeatGroupEdit(next, { held: expected });
  if (!checked.ok) return checked;
  const id = { voiceGroupId: next.voiceGroupId };

  const before = await client.seatGroupRead(id);
  if (!before.ok) return before;
  const unreadable = unreadableClears(before.value, next);
  if (unreadable.length > 0) {
    const names = fieldNames(unreadable);
    const one = unreadable.length === 1;
    return fail(
      'unreadable-setting',
      one ? m.mms_sg_save_unreadable_one({ names }) : m.mms_sg_save_unreadable({ names }),
      one ? m.mms_sg_save_unreadable_fix_one({ names }) : m.mms_sg_save_unreadable_fix({ names }),
    );
  }
  const beforeValues = valuesOf(before.value);
  // `expected` is the caller's word: a number passes as held only when the group really holds it.
  const bounded = validateSeatGroupEdit(next, { held: beforeValues });
  if (!bounded.ok) return bounded;
  if (!overwrite && changedFields(expected, beforeValues).length > 0) {
    return ok({ kind: 'conflict', current: before.value });
  }
  const shouldHold = expectedAfterSave(beforeValues, next);

  const saved = await client.seatGroupEdit(next);
  // Only a failure that proves the platform refused the edit stands without a look: a -18 may have been applied.
  if (!saved.ok && writeFailureKind(saved.error) === 'refused') return saved;
  const after = await client.seatGroupRead(id);
  const held = after.ok ? after.value : null;
  if (!saved.ok) {
    // The platform answered with a status and the group, read again, does not hold the edit: that answer stands.
    const answered = saved.error.code !== 'outcome-unknown';
    if (answered && held !== null && saveMismatches(shouldHold, held).length > 0) return saved;
    return ok({ kind: 'outcome-unknown', error: saved.error, current: held, shouldHold });
  }
  return ok({
    kind: 'saved',
    saved: held,
    shouldHold,
    rereadError: after.ok ? null : after.error,
  });
}

export function createSeatGroupHandlers(deps: { clients: ClientPool; log: Logger }): SeatGroupHandlers {
  const { clients, log } = deps;
  /** The profile the screen named, else the active one: another window may have switched it. */
  const clientOf = async (profileId: string | undefined): Promise<SeatGroupClient> =>
    (profileId === undefined ? await clients.active() : await clients.forProfile(profileId)).client;
  return {
    readSeatGroup: ({ voiceGroupId, profileId }) =>
      withAccounts(async () => {
        const client = await clientOf(profileId);
        return client.seatGroupRead({ voiceGroupId });
      }),
    saveSeatGroup: (request) =>
      withAccounts(async () => {
        const client = await clientOf(request.profileId);
        const result = await saveSeatGroup(client, request);
        const what = result.ok ? result.value.kind : result.error.code;
        log.info(`seat group ${String(request.next.voiceGroupId)} save: ${what}`);
        return result;
      }),
  };
}
