import { m } from '../i18n';
import { LIMITS } from '../platform';
import { type FieldErrors, isWholeNumber } from './fields';

/** current >= 1 and size 1-100 (page envelope of every list operation). */
export function checkPaging(current: unknown, size: unknown, fields: FieldErrors): void {
  if (!isWholeNumber(current) || current < 1) {
    fields.current = m.errors_page_number();
  }
  if (!isWholeNumber(size) || size < LIMITS.pageSizeMin || size > LIMITS.pageSizeMax) {
    fields.size = m.errors_page_size({ min: LIMITS.pageSizeMin, max: LIMITS.pageSizeMax });
  }
}
