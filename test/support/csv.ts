/**
 * RFC 4180: fields separated by commas, records by CRLF (or LF, as LibreOffice writes),
 * quotes doubled inside quoted fields. Pass the text without its byte-order mark.
 */
export function parseCsv(text: string): { rows: string[][]; quoted: boolean[][] } {
  const rows: string[][] = [];
  const quoted: boolean[][] = [];
  let row: string[] = [];
  let rowQuoted: boolean[] = [];
  let field = '';
  let inQuotes = false;
  let wasQuoted = false;
  let i = 0;
  const endField = (): void => {
    row.push(field);
    rowQuoted.push(wasQuoted);
    field = '';
    wasQuoted = false;
  };
  while (i < text.length) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (char === '"') {
        inQuotes = false;
        i += 1;
      } else {
        field += char;
        i += 1;
      }
    } else if (char === '"' && field === '') {
      inQuotes = true;
      wasQuoted = true;
      i += 1;
    } else if (char === ',') {
      endField();
      i += 1;
    } else if (char === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      quoted.push(rowQuoted);
      row = [];
      rowQuoted = [];
      i += 2;
    } else if (char === '\n') {
      endField();
      rows.push(row);
      quoted.push(rowQuoted);
      row = [];
      rowQuoted = [];
      i += 1;
    } else {
      field += char;
      i += 1;
    }
  }
  if (field !== '' || row.length > 0) {
    endField();
    rows.push(row);
    quoted.push(rowQuoted);
  }
  return { rows, quoted };
}

/** The records of a CSV file our exporter wrote (it starts with a byte-order mark). */
export function exportedCsvRows(text: string): string[][] {
  return parseCsv(text.replace(/^\uFEFF/, '')).rows;
}
