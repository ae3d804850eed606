/** Which of a list's columns an export writes, by their keys: the desktop's, the CLI's and an export worker's one answer. */
import type { Column } from '../../shared/columns';
import { echoInput } from '../../shared/echo';
import { m } from '../../shared/i18n';
import { listOf, type ListOperation, type ListRows } from '../../shared/operations';
import { fail, ok, type Result } from '../../shared/result';

/** The table's columns in its order (a key the list does not have is refused, naming it); all without a choice. */
export function columnsOf<O extends ListOperation>(operation: O, keys: readonly string[] | undefined): Result<readonly Column<ListRows[O]>[]> {
  const { columns } = listOf(operation);
  if (keys === undefined) return ok(columns);
  const chosen: Column<ListRows[O]>[] = [];
  for (const key of keys) {
    const column = columns.find((candidate) => candidate.key === key);
    if (!column) return fail('validation', m.export_no_such_column({ title: listOf(operation).endpoint.title(), key: echoInput(key) }));
    chosen.push(column);
  }
  if (chosen.length === 0) return fail('validation', m.export_choose_a_column());
  return ok(chosen);
}
