/**
 * Requests the operation's parser accepted, for tests that send one they know is valid:
 * the client and fetch-all take only checked requests. A refusal fails the test.
 */
import { checkFetchAll } from '../../../src/main/jobs/fetch-all';
import {
  type CheckedQuery,
  type CheckedRequest,
  checkPageQuery,
  type CheckRules,
  type ListDescriptor,
  type UncheckedPageQuery,
} from '../../../src/shared/operations';

export function checkedPage<P extends object, R, Row, D>(
  list: ListDescriptor<P, R, Row, D>,
  request: UncheckedPageQuery,
  rules?: CheckRules,
): CheckedRequest<P, R> {
  const checked = checkPageQuery(list, request, rules);
  if (!checked.ok) throw new Error(`The parser refused the test's request: ${checked.error.message}`);
  return checked.value;
}

export function checkedQuery<P extends object, R, Row, D>(
  list: ListDescriptor<P, R, Row, D>,
  params: unknown,
  options: { pageSize?: number; now?: Date } = {},
): CheckedQuery<P, R> {
  const checked = checkFetchAll(list, params, options);
  if (!checked.ok) throw new Error(`The parser refused the test's query: ${checked.error.message}`);
  return checked.value;
}
