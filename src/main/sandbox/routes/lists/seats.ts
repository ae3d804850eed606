import { daysToMs, ENABLE_LABELS, LIMITS, SEAT_STATUS_LABELS } from '../../../../shared/platform';
import { PlatformError, parameterError } from '../../errors';
import { parseLocalDateTime } from '../../time';
import type { RouteHandler } from '../context';
import { pagedListAnswer, parsePageRequest } from '../paging';
import { optionalInteger, optionalLocalTime, optionalString } from '../params';
import { serializeSeat } from '../serialize';

const SEAT_STATUSES = Object.keys(SEAT_STATUS_LABELS).map(Number);
const ENABLE_VALUES = Object.keys(ENABLE_LABELS).map(Number);

/** Filters: enable, name (case-insensitive substring), voiceGroupId, status, and createTime within strTime..endTime. */
const seats: RouteHandler = (context) => {
  const request = parsePageRequest(context);
  const { params } = request;
  const enable = optionalInteger(params, 'enable', ENABLE_VALUES);
  const name = optionalString(params, 'name')?.toLowerCase();
  const voiceGroupId = optionalInteger(params, 'voiceGroupId');
  const status = optionalInteger(params, 'status', SEAT_STATUSES);
  const fromMs = optionalLocalTime(params, 'strTime');
  const toMs = optionalLocalTime(params, 'endTime');
  if (fromMs !== undefined && toMs !== undefined) {
    if (toMs < fromMs) throw parameterError('endTime is before strTime');
    if (toMs - fromMs > daysToMs(LIMITS.seatSearchMaxDays)) {
      throw new PlatformError(-35, `search interval greater than ${LIMITS.seatSearchMaxDays} days`);
    }
  }
  const matches = context.data.seats().filter((seat) => {
    const created = parseLocalDateTime(seat.createTime) ?? 0;
    return (
      (enable === undefined || seat.enable === enable) &&
      (name === undefined || seat.name.toLowerCase().includes(name)) &&
      (voiceGroupId === undefined || seat.sipGroupId === voiceGroupId) &&
      (status === undefined || seat.status === String(status)) &&
      (fromMs === undefined || created >= fromMs) &&
      (toMs === undefined || created <= toMs)
    );
  });
  return pagedListAnswer(request, matches, (seat) => serializeSeat(seat, context.quirks));
};

export default seats;
