import { m } from '../i18n';
import * as p from '../parse';
import { FS_NODES } from '../platform';
import type { SeatGroupSettings } from '../records';
import type { IntegerId, SeatGroupEditRequest } from '../requests';
import type { AppError } from '../result';
import type { SeatGroupValues } from '../seat-groups/values';
import { method } from './define';

export interface SaveSeatGroupRequest {
  /**
   * The profile the form loaded the group under: the save goes through it, even if another
   * window made another profile active meanwhile. Left out: the active profile.
   */
  profileId?: string;
  /** The group's settings as the form loaded them; a different state on the server is a conflict. */
  expected: SeatGroupValues;
  /** The complete state to store (loaded values plus the edits); `null` clears on purpose. */
  next: SeatGroupEditRequest;
  /** true: save even if the server's state differs from `expected`. */
  overwrite: boolean;
}

export type SaveSeatGroupOutcome =
  | {
      kind: 'saved';
      /** What the server holds after the save (re-read), or null if the re-read failed. */
      saved: SeatGroupSettings | null;
      /** What the group should hold after the save: where `saved` differs is told by saveMismatches. */
      shouldHold: SeatGroupValues;
      rereadError: AppError | null;
    }
  /** The group changed since it was loaded; nothing was sent. */
  | { kind: 'conflict'; current: SeatGroupSettings }
  /** The edit may or may not have reached the server; `current` is what it holds now. */
  | { kind: 'outcome-unknown'; error: AppError; current: SeatGroupSettings | null; shouldHold: SeatGroupValues };

/** A group id as a whole number or digit text; its range is checked by the validators. */
const integerId: p.Parser<IntegerId> = (input, path = '') => {
  if (typeof input === 'string') return input;
  return p.integer(input, path);
};

/** Required, but may be null. */
function nullable<T>(parser: p.Parser<T>): p.Parser<T | null> {
  return (input, path) => (input === null ? null : parser(input, path));
}

/** May be left out or null (null clears on purpose in an edit). */
function clearable<T>(parser: p.Parser<T>): p.Parser<T | null | undefined> {
  return (input, path) => (input === undefined ? undefined : input === null ? null : parser(input, path));
}

/** Any number: the validators say what is wrong with it next to its field. */
const number: p.Parser<number> = (input, path = '') => {
  if (typeof input !== 'number') throw new p.RequestShapeError(path, m.errors_shape_number());
  return input;
};

const seatGroupValues: p.Parser<SeatGroupValues> = p.object({
  callinStrategy: nullable(number),
  timeoutTransferSec: nullable(number),
  callinAutoAnswerSec: nullable(number),
  wrapUpTime: nullable(number),
  timeoutIdle: nullable(number),
  timeoutWaitSec: nullable(number),
  turnSeatRing: nullable(p.string),
  labelName: p.arrayOf(p.string),
  displaySwitch: nullable(number),
  encryptNumber: nullable(number),
  fsNode: nullable(p.string),
});

const seatGroupEditRequest: p.Parser<SeatGroupEditRequest> = p.object({
  voiceGroupId: integerId,
  callinStrategy: clearable(number),
  timeoutTransferSec: clearable(number),
  callinAutoAnswerSec: clearable(number),
  wrapUpTime: clearable(number),
  timeoutIdle: clearable(number),
  timeoutWaitSec: clearable(number),
  turnSeatRing: clearable(p.string),
  labelName: clearable(p.arrayOf(p.string)),
  displaySwitch: number,
  encryptNumber: number,
  fsNode: clearable(p.oneOf(FS_NODES)),
});

export const seatGroupMethods = {
  /** The basic settings of one seat group of the active profile. */
  readSeatGroup: method<{ voiceGroupId: IntegerId; profileId?: string }, SeatGroupSettings>(
    p.object({ voiceGroupId: integerId, profileId: p.optional(p.string) }),
  ),
  /** Re-reads right before saving (conflict unless `overwrite`), saves, and re-reads what the server holds. */
  saveSeatGroup: method<SaveSeatGroupRequest, SaveSeatGroupOutcome>(
    p.object({ profileId: p.optional(p.string), expected: seatGroupValues, next: seatGroupEditRequest, overwrite: p.boolean }),
  ),
} as const;
