import type { RouteHandler } from '../context';
import { pagedListAnswer, parsePageRequest } from '../paging';
import { optionalString } from '../params';

const numbers: RouteHandler = (context) => {
  const request = parsePageRequest(context);
  const appId = optionalString(request.params, 'appId');
  const matches = context.data.numbers().filter((number) => appId === undefined || number.appId === appId);
  return pagedListAnswer(request, matches, (number) => number);
};

export default numbers;
