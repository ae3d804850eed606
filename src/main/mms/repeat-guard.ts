import type { SendMmsRequest } from '../../shared/methods/mms';
import { formatNumber, m } from '../../shared/i18n';
import { fail, ok, type Result } from '../../shared/result';
import type { MmsHistory } from './history';
import { findRepeats } from './repeats';

/**
 * Run under the journal lock as a send is claimed: an earlier send of this message to
 * some of these numbers that the user's review did not show (another window or app
 * just sent it) refuses the send, so the review can show it first.
 */
export function refuseUnseenRepeats(history: MmsHistory, request: SendMmsRequest, now: number): Result<null> {
  const seen = new Set(request.repeatsSeen ?? []);
  const unseen = findRepeats(history, request.draft.content, request.batches.flat(), now).filter((repeat) => !seen.has(repeat.sendId));
  if (unseen.length === 0) return ok(null);
  const count = unseen.reduce((sum, repeat) => sum + repeat.numbers.length, 0);
  return fail('repeat-send', m.mms_repeat_meanwhile({ count: formatNumber(count) }));
}
