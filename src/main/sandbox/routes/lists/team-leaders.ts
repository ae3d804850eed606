import { ENABLE_LABELS } from '../../../../shared/platform';
import type { RouteHandler } from '../context';
import { pagedListAnswer, parsePageRequest } from '../paging';
import { optionalInteger, optionalIntegerList, optionalString } from '../params';

const ENABLE_VALUES = Object.keys(ENABLE_LABELS).map(Number);

/** Filters: enable, name (case-insensitive substring), voiceGroupIdList (leads any of them). */
const teamLeaders: RouteHandler = (context) => {
  const request = parsePageRequest(context);
  const { params } = request;
  const enable = optionalInteger(params, 'enable', ENABLE_VALUES);
  const name = optionalString(params, 'name')?.toLowerCase();
  const groupIds = optionalIntegerList(params, 'voiceGroupIdList');
  const matches = context.data
    .teamLeaders()
    .filter(
      (leader) =>
        (enable === undefined || leader.enable === enable) &&
        (name === undefined || leader.name.toLowerCase().includes(name)) &&
        (groupIds === undefined || leader.voiceGroupIdList.some((id) => groupIds.includes(id))),
    );
  return pagedListAnswer(request, matches, (leader) => leader);
};

export default teamLeaders;
