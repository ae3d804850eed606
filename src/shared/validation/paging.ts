import { LIMITS } from '../platform';
import { type FieldErrors, isWholeNumber } from './fields';

/** current >= 1 and size 1-100 (page envelope of every list operation). */
export function checkPaging(current: unknown, size: unknown, fields: FieldErrors): void {
  if (!isWholeNumber(current) || current < 1) {
    fields.current = 'Enter a page number of 1 or more.';
  }
  if (!isWholeNumber(size) || size < LIMITS.pageSizeMin || size > LIMITS.pageSizeMax) {
    fields.size = `Enter a page size from ${LIMITS.pageSizeMin} to ${LIMITS.pageSizeMax}.`;
  }
}
