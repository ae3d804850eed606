/**
 * A Summary sheet's worksheet XML: the title and its lines, then the tables side by side
 * (one empty column between them) with their headers on one row, frozen, so every
 * table keeps its header in view while scrolling down.
 */
import type { CellValue } from './cells';
import type { SummarySheet, SummaryTable } from './summary-sheet';
import { STYLE, summaryStyle } from './xlsx-styles';
import { columnLetters, MAX_CELL_CHARS, needsSpacePreserved, xmlText } from './xml';

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const GAP_WIDTH = 3;

function cell(reference: string, value: CellValue, style: number): string {
  const s = style === 0 ? '' : ` s="${style}"`;
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return `<c r="${reference}"${s}/>`;
  if (typeof value === 'number') return `<c r="${reference}"${s}><v>${value}</v></c>`;
  const text = value.length > MAX_CELL_CHARS ? value.slice(0, MAX_CELL_CHARS) : value;
  const space = needsSpacePreserved(text) ? ' xml:space="preserve"' : '';
  return `<c r="${reference}"${s} t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
}

/** Cells of one sheet row, gathered from every table before the row is written in column order. */
class RowCells {
  private readonly rows = new Map<number, { column: number; xml: string }[]>();

  put(row: number, column: number, value: CellValue, style: number): void {
    const cells = this.rows.get(row) ?? [];
    cells.push({ column, xml: cell(`${columnLetters(column)}${row}`, value, style) });
    this.rows.set(row, cells);
  }

  xml(): string {
    return [...this.rows.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([row, cells]) => `<row r="${row}">${cells.sort((a, b) => a.column - b.column).map((c) => c.xml).join('')}</row>`)
      .join('');
  }
}

/** The first column (1-based) of each table. */
function tableColumns(tables: readonly SummaryTable[]): number[] {
  const starts: number[] = [];
  let next = 1;
  for (const table of tables) {
    starts.push(next);
    next += Math.max(1, table.columns.length) + 1;
  }
  return starts;
}

export function summarySheetXml(sheet: SummarySheet, selected: boolean): string {
  const cells = new RowCells();
  cells.put(1, 1, sheet.title, STYLE.title);
  sheet.lines.forEach((line, i) => cells.put(2 + i, 1, line, 0));
  const titleRow = sheet.lines.length + 3;
  const headerRow = titleRow + 1;
  const starts = tableColumns(sheet.tables);
  const widths: string[] = [];
  sheet.tables.forEach((table, t) => {
    const first = starts[t];
    cells.put(titleRow, first, table.title, STYLE.tableTitle);
    table.columns.forEach((column, c) => {
      cells.put(headerRow, first + c, column.header, STYLE.tableHeader);
      widths.push(`<col min="${first + c}" max="${first + c}" width="${column.width}" customWidth="1"/>`);
    });
    table.rows.forEach((row, r) => {
      row.forEach((value, c) => cells.put(headerRow + 1 + r, first + c, value.value, summaryStyle(value.format, r % 2 === 1)));
    });
    if (table.note !== undefined) cells.put(headerRow + table.rows.length + 2, first, table.note, 0);
    const gap = first + table.columns.length;
    if (t < sheet.tables.length - 1) widths.push(`<col min="${gap}" max="${gap}" width="${GAP_WIDTH}" customWidth="1"/>`);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    `<sheetViews><sheetView workbookViewId="0"${selected ? ' tabSelected="1"' : ''}>` +
    `<pane ySplit="${headerRow}" topLeftCell="A${headerRow + 1}" activePane="bottomLeft" state="frozen"/>` +
    `<selection pane="bottomLeft" activeCell="A${headerRow + 1}" sqref="A${headerRow + 1}"/></sheetView></sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (widths.length > 0 ? `<cols>${widths.join('')}</cols>` : '') +
    `<sheetData>${cells.xml()}</sheetData>` +
    '</worksheet>'
  );
}
