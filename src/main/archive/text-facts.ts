/**
 * What is known of every table's stored texts: the kinds of character each text column
 * holds (text-chars.ts) and the form of each time column's texts (time-forms.ts). A search
 * is written once, and decided by these when it is read (withKnownTexts).
 */
import type { KnownTexts } from './sql-query';
import { mayHold, TextChars } from './text-chars';
import { TimeForms } from './time-forms';

export interface TextFacts {
  readonly chars: TextChars;
  readonly forms: TimeForms;
}

export function newTextFacts(): TextFacts {
  return { chars: new TextChars(), forms: new TimeForms() };
}

/** A table's facts as a search reads them; null when none are known yet (every column is searched by its text). */
export function knownTextsOf(facts: TextFacts, table: string): KnownTexts | null {
  if (!facts.chars.has(table) || !facts.forms.has(table)) return null;
  return {
    mayHold: (column, needs) => mayHold(facts.chars.heldBy(table, column), needs),
    formOf: (column) => facts.forms.formOf(table, column),
  };
}
