import { LIMITS } from '../../../../shared/platform';
import type { RouteHandler } from '../context';
import { pagedAnswer, parsePageRequest } from '../paging';
import { parseRecordWindow } from '../record-window';

const voiceRecords: RouteHandler = (context) => {
  const request = parsePageRequest(context, { current: 1, size: LIMITS.voiceDefaultPageSize });
  const window = parseRecordWindow(request.params, context.serverNowMs);
  const { first, end } = context.data.voiceRecordRange(window.fromMs, window.toMs);
  return pagedAnswer(request, end - first, (offset) => context.data.voiceRecordAt(first + offset), {
    searchCount: true,
  });
};

export default voiceRecords;
