/** Where on the seat-group screen an error belongs: the group picker, the label editor, a field, or the form. */
import { platformStatusOf } from '../errors';
import { detailLine } from '../error-detail';
import type { AppError } from '../result';
import { m } from '../i18n';
import { SEAT_GROUP_FIELDS, type SeatGroupField } from './values';

export interface PlacedErrors {
  /** Shown at the group picker (-63: the group belongs to another workspace; a bad id). */
  picker: string | null;
  /** Shown at the label editor (-71, -72). */
  labels: string | null;
  /** Shown next to their fields, keyed by field path (`timeoutIdle`, `labelName[2]`). */
  fields: Record<string, string>;
  /** Shown at the top of the form when no field fits. */
  form: AppError | null;
}

/** The message with its detail (the server's own reason, as a rule), for a field's error line. */
export function withReason(error: AppError): string {
  const reason = detailLine(error);
  return reason === null ? error.message : m.mms_sg_with_reason({ message: error.message, reason });
}

/** The first settings field the server's reason names, e.g. "timeoutIdle must be 0 or more". */
export function fieldNamedIn(reason: string | undefined): SeatGroupField | null {
  if (!reason) return null;
  const lower = reason.toLowerCase();
  return SEAT_GROUP_FIELDS.find((field) => lower.includes(field.toLowerCase())) ?? null;
}

export function placeSeatGroupError(error: AppError): PlacedErrors {
  const placed: PlacedErrors = { picker: null, labels: null, fields: {}, form: null };
  const status = platformStatusOf(error);
  if (status === -63) {
    placed.picker = withReason(error);
  } else if (status === -71 || status === -72) {
    placed.labels = withReason(error);
  } else if (error.fields && Object.keys(error.fields).length > 0) {
    for (const [path, message] of Object.entries(error.fields)) {
      if (path === 'voiceGroupId') placed.picker = message;
      else placed.fields[path] = message;
    }
    // A request of the wrong shape names its path in the request, which no input may show: said at the form too.
    if (error.code !== 'validation') placed.form = error;
  } else if (status === -20 || status === -22 || status === -23) {
    const field = fieldNamedIn(error.detail);
    if (field === 'labelName') placed.labels = withReason(error);
    else if (field) placed.fields[field] = withReason(error);
    else placed.form = error;
  } else {
    placed.form = error;
  }
  return placed;
}
