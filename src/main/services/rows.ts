import type { ListOperation, ListRows } from '../../shared/lists';
import type { PagedRecordTypes } from '../api';

/** A record as the renderer may see it: the password the list returns never leaves main. */
export function toRow<O extends ListOperation>(_operation: O, record: PagedRecordTypes[O]): ListRows[O] {
  if ('password' in record) {
    const { password: _password, ...rest } = record;
    return rest as unknown as ListRows[O];
  }
  return record as ListRows[O];
}
