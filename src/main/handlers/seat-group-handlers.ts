import type { PlatformClient } from '../api';
import type { SaveSeatGroupOutcome, SaveSeatGroupRequest } from '../../shared/methods/seat-groups';
import { fail, ok, type Result } from '../../shared/result';
import { mismatchMessages } from '../../shared/seat-groups/diff';
import {
  changedFields,
  expectedAfterSave,
  missingClearableFields,
  SEAT_GROUP_FIELD_LABELS,
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
    return fail(
      'incomplete-edit',
      'The save was stopped: it would have cleared settings nobody asked to clear.',
      `Missing: ${missing.map((field) => SEAT_GROUP_FIELD_LABELS[field]).join(', ')}.`,
    );
  }
  const checked = validateSeatGroupEdit(next);
  if (!checked.ok) return checked;
  const id = { voiceGroupId: next.voiceGroupId };

  const before = await client.seatGroupRead(id);
  if (!before.ok) return before;
  const unreadable = unreadableClears(before.value, next);
  if (unreadable.length > 0) {
    const names = unreadable.map((field) => SEAT_GROUP_FIELD_LABELS[field]).join(', ');
    return fail(
      'unreadable-setting',
      `The save was stopped: the platform returned ${names} in a form Switchboard cannot read, and saving would clear ${unreadable.length === 1 ? 'it' : 'them'}. Nothing was sent.`,
      `Set ${names} explicitly here, or check ${unreadable.length === 1 ? 'it' : 'them'} in the platform console.`,
    );
  }
  const beforeValues = valuesOf(before.value);
  if (!overwrite && changedFields(expected, beforeValues).length > 0) {
    return ok({ kind: 'conflict', current: before.value });
  }
  const shouldHold = expectedAfterSave(beforeValues, next);

  const saved = await client.seatGroupEdit(next);
  if (!saved.ok && saved.error.code !== 'outcome-unknown') return saved;
  const after = await client.seatGroupRead(id);
  const mismatches = after.ok ? mismatchMessages(shouldHold, valuesOf(after.value)) : [];
  if (!saved.ok) {
    return ok({ kind: 'outcome-unknown', error: saved.error, current: after.ok ? after.value : null, mismatches });
  }
  return ok({
    kind: 'saved',
    saved: after.ok ? after.value : null,
    mismatches,
    rereadError: after.ok ? null : after.error,
  });
}

export function createSeatGroupHandlers(deps: { clients: ClientPool; log: Logger }): SeatGroupHandlers {
  const { clients, log } = deps;
  return {
    readSeatGroup: ({ voiceGroupId }) =>
      withAccounts(async () => {
        const { client } = await clients.active();
        return client.seatGroupRead({ voiceGroupId });
      }),
    saveSeatGroup: (request) =>
      withAccounts(async () => {
        const { client } = await clients.active();
        const result = await saveSeatGroup(client, request);
        const what = result.ok ? result.value.kind : result.error.code;
        log.info(`seat group ${String(request.next.voiceGroupId)} save: ${what}`);
        return result;
      }),
  };
}
