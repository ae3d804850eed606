/**
 * The messages the recipients import worker (recipient-file.ts, import-worker.ts) shows,
 * each imported from its own module: the whole message index takes seconds to load in a
 * fresh thread, longer than the worker's time limit on a busy machine.
 */
export { mms_import_column } from '../../shared/i18n/paraglide/messages/mms_import_column.js';
export { mms_import_file_too_large } from '../../shared/i18n/paraglide/messages/mms_import_file_too_large.js';
export { mms_import_no_rows } from '../../shared/i18n/paraglide/messages/mms_import_no_rows.js';
export { mms_import_no_sheet } from '../../shared/i18n/paraglide/messages/mms_import_no_sheet.js';
export { mms_import_not_spreadsheet } from '../../shared/i18n/paraglide/messages/mms_import_not_spreadsheet.js';
export { mms_import_not_xlsx } from '../../shared/i18n/paraglide/messages/mms_import_not_xlsx.js';
export { mms_import_numbers_column } from '../../shared/i18n/paraglide/messages/mms_import_numbers_column.js';
export { mms_import_unknown_error } from '../../shared/i18n/paraglide/messages/mms_import_unknown_error.js';
export { mms_import_unreadable } from '../../shared/i18n/paraglide/messages/mms_import_unreadable.js';
export { mms_import_zip_too_large } from '../../shared/i18n/paraglide/messages/mms_import_zip_too_large.js';
