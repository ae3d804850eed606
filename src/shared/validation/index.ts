/** Request validation shared by the client (before sending) and the forms (live field errors). */
export { type FieldErrors, hasFieldErrors, readPositiveId, refusal, validationResult } from './fields';
export { checkPaging } from './paging';
export { checkRecordWindow, type RecordWindow, type RecordWindowRules } from './time-window';
export {
  checkAppParams,
  checkLeaderParams,
  checkNothingMore,
  checkSeatParams,
  checkTaskParams,
  filterTextFlaw,
  filterTextTooLong,
  validateSeatGroupRead,
} from './queries';
export { labelLook, labelTextProblem, validateSeatGroupEdit } from './seat-group';
export { splitList, validateMmsSend } from './mms';
export { asciiFromFullWidth, characterCount, typedAscii, unsendableCharacter } from './text';
