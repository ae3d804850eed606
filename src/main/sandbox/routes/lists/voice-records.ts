import { LIMITS } from '../../../../shared/platform';
import type { RouteHandler } from '../context';
import { pagedAnswer, parsePageRequest } from '../paging';
import { parseRecordWindow } from '../record-window';

const voiceRecords: RouteHandler = (context) => {
  const request = parsePageRequest(context, { current: 1, size: LIMITS.voiceDefaultPageSize });
  const window = parseRecordWindow(request.params, context.serverNowMs);
  // One instant for the whole answer: on a live day calls keep arriving meanwhile.
  const atMs = context.data.live.nowMs();
  const { first, end } = context.data.voiceRecordRange(window.fromMs, window.toMs, atMs);
  return pagedAnswer(request, end - first, (offset) => context.data.voiceRecordAt(first + offset, atMs), {
    searchCount: true,
  });
};

export default voiceRecords;
