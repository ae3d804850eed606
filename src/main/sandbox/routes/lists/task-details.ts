import { TASK_ROW_STATUS_LABELS } from '../../../../shared/platform';
import type { RouteHandler } from '../context';
import { pagedListAnswer, parsePageRequest } from '../paging';
import {
  optionalInteger,
  optionalIntegerList,
  optionalString,
  optionalStringList,
  requiredInteger,
} from '../params';

const ROW_STATUSES = Object.keys(TASK_ROW_STATUS_LABELS).map(Number);

/** Filters: called (exact number), sipGroupId, seatId (any of), labelNames (any of), remark (contains), statusList (any of). */
const taskDetails: RouteHandler = (context) => {
  const request = parsePageRequest(context);
  const { params } = request;
  const taskId = requiredInteger(params, 'taskId');
  const called = optionalString(params, 'called');
  const sipGroupId = optionalInteger(params, 'sipGroupId');
  const seatIds = optionalIntegerList(params, 'seatId');
  const labelNames = optionalStringList(params, 'labelNames');
  const remark = optionalString(params, 'remark');
  const statuses = optionalIntegerList(params, 'statusList', ROW_STATUSES);
  const rows = context.data
    .taskRows(taskId)
    .filter(
      (row) =>
        (called === undefined || row.record.called === called) &&
        (sipGroupId === undefined || row.sipGroupId === sipGroupId) &&
        (seatIds === undefined || (row.seatId !== null && seatIds.includes(row.seatId))) &&
        (labelNames === undefined ||
          (row.record.labelName !== null && labelNames.includes(row.record.labelName))) &&
        (remark === undefined || (row.record.remark ?? '').includes(remark)) &&
        (statuses === undefined || statuses.includes(row.record.status)),
    );
  return pagedListAnswer(request, rows, (row) => row.record, { searchCount: true });
};

export default taskDetails;
