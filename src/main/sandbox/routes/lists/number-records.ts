import { serializeNumberRecord } from '../serialize';
import type { RouteHandler } from '../context';
import { pagedAnswer, parsePageRequest } from '../paging';
import { parseRecordWindow } from '../record-window';

const numberRecords: RouteHandler = (context) => {
  const request = parsePageRequest(context);
  const window = parseRecordWindow(request.params, context.serverNowMs);
  const { first, end } = context.data.numberRecordRange(window.fromMs, window.toMs);
  return pagedAnswer(request, end - first, (offset) =>
    serializeNumberRecord(context.data.numberRecordAt(first + offset), context.quirks),
  );
};

export default numberRecords;
