/** Request validation shared by the client (before sending) and the forms (live field errors). */
export { type FieldErrors, hasFieldErrors, readPositiveId, validationResult } from './fields';
export { checkPaging } from './paging';
export { checkRecordWindow, checkSeatWindow, type RecordWindow, type RecordWindowRules } from './time-window';
export {
  type RecordQueryRules,
  validateAxbBindings,
  validateNumberRecords,
  validateNumbers,
  validateSeatGroupRead,
  validateSeats,
  validateTaskDetails,
  validateTeamLeaders,
  validateVoiceRecords,
} from './queries';
export { validateSeatGroupEdit } from './seat-group';
export { splitList, validateMmsSend } from './mms';
