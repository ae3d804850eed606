export { MmsJournal, JOURNAL_FILE } from './journal';
export { MmsHistory } from './history';
export { MmsSender, type SendTarget } from './sender';
export { importRecipientFile, resolveWorkerScript } from './recipient-import';
export { writeResultsFile, resultsFileName } from './results-export';
