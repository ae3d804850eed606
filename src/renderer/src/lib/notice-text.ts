import type { AppNotice } from '../../../shared/contract';
import { clockOffsetNotice, errorText } from '../../../shared/errors';
import { heldPruneNoticeText } from '../../../shared/methods/archive';
import type { TimeZone } from '../../../shared/time-zone';

/**
 * A notice in the language on show: one main sent with its data (a clock offset, a held
 * prune) is worded here, so a language switch words it again; any other as main worded it.
 * `zoneOf` gives the zone a profile's times are shown in.
 */
export function noticeText(notice: AppNotice, zoneOf: (profileId: string) => TimeZone): string {
  if (notice.kind === 'clock-offset' && notice.offsetSeconds !== undefined) return clockOffsetNotice(notice.offsetSeconds);
  if (notice.heldPrune) return heldPruneNoticeText(notice.heldPrune, zoneOf(notice.heldPrune.profileId));
  return errorText(notice);
}
