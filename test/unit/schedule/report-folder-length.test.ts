/** A report folder's limit is in characters as a person counts them, as its message says and every text limit counts. */
import { describe, expect, it } from 'vitest';
import { REPORT_FOLDER_MAX_CHARS, reportFolderProblem } from '../../../src/shared/schedule';

describe("a report folder path's length", () => {
  it('counts a rare CJK character as one character', () => {
    // 601 characters, 1,201 UTF-16 units.
    expect(reportFolderProblem(`/${'𠀀'.repeat(600)}`)).toBeNull();
  });

  it(`refuses more than ${REPORT_FOLDER_MAX_CHARS} characters`, () => {
    expect(reportFolderProblem(`/${'𠀀'.repeat(REPORT_FOLDER_MAX_CHARS)}`)).toBe(
      `The folder path is longer than ${REPORT_FOLDER_MAX_CHARS} characters. Choose a folder with a shorter path.`,
    );
  });
});
