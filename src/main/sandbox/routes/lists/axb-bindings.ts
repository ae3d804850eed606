import type { RouteHandler } from '../context';
import { pagedListAnswer, parsePageRequest } from '../paging';
import { optionalString } from '../params';
import { serializeAxbBinding } from '../serialize';

const axbBindings: RouteHandler = (context) => {
  const request = parsePageRequest(context);
  const appId = optionalString(request.params, 'appId');
  const matches = context.data
    .axbBindings()
    .filter((binding) => appId === undefined || binding.appId === appId);
  return pagedListAnswer(request, matches, (binding) => serializeAxbBinding(binding.record, context.quirks));
};

export default axbBindings;
