/**
 * The XML of a column's cells kept by value: codes, labels, currencies and amounts repeat
 * on nearly every row, so each distinct one is escaped and written once. A column whose
 * values rarely repeat (ids, phone numbers) stops being kept after a first look, and a
 * column never keeps more than a bounded number of values, so memory stays flat.
 */

/** Values looked up before deciding whether a column repeats enough to keep. */
const TRIAL = 2_048;
/** At least this share of the trial found kept, or the column stops keeping. */
const LEAST_HIT_SHARE = 0.5;
const MAX_KEPT = 1_024;

export class CellCache {
  private readonly kept = new Map<string | number, string>();
  private looked = 0;
  private found = 0;
  private keeping = true;

  /** The cell's XML: kept, or made by `make` (and kept while the column repeats enough). */
  xml(value: string | number, make: (value: string | number) => string): string {
    if (!this.keeping) return make(value);
    this.looked += 1;
    let xml = this.kept.get(value);
    if (xml !== undefined) this.found += 1;
    else {
      xml = make(value);
      if (this.kept.size < MAX_KEPT) this.kept.set(value, xml);
    }
    if (this.looked === TRIAL && this.found < TRIAL * LEAST_HIT_SHARE) {
      this.keeping = false;
      this.kept.clear();
    }
    return xml;
  }
}
