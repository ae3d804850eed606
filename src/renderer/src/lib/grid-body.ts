import type { ColumnKind } from '../../../shared/columns';
import type { CellView } from './cells';

export interface GridColumn {
  kind: ColumnKind;
  width: number;
}

export interface GridWindow {
  /** Index of the first row to show. */
  first: number;
  /** One past the last row to show. */
  end: number;
  columns: readonly GridColumn[];
  cellsOf(index: number): readonly CellView[];
  selected: number | null;
  cursorColumn: number;
}

/**
 * The rows of the table's body, drawn straight into a fixed pool of elements. When the
 * user scrolls, only text that changed is written: a framework pass over every cell
 * binding of every visible row costs more than a frame has when 100,000 rows scroll by.
 */
export class GridBody {
  // Rows and cells take no focus: the keyboard stays on the grid, which names the active row
  // with aria-activedescendant, so a click on a row leaves the arrow keys working.
  private readonly pool: HTMLElement[] = [];
  private layoutKey = '';

  /** `idPrefix` names the rows (`<prefix>-row-<index>`) so the grid can point at the active one. */
  constructor(
    private readonly container: HTMLElement,
    private readonly idPrefix: string,
  ) {}

  /** The element id of the row at `index` (whether or not it is drawn now). */
  rowId(index: number): string {
    return `${this.idPrefix}-row-${index}`;
  }

  render(window: GridWindow): void {
    const count = Math.max(0, window.end - window.first);
    const layoutKey = window.columns.map((column) => `${column.kind}:${column.width}`).join('|');
    if (layoutKey !== this.layoutKey) {
      this.layoutKey = layoutKey;
      for (const row of this.pool) this.layOut(row, window.columns);
    }
    while (this.pool.length < count) {
      const row = this.createRow();
      this.layOut(row, window.columns);
      this.pool.push(row);
      this.container.append(row);
    }
    for (let slot = 0; slot < this.pool.length; slot++) {
      const row = this.pool[slot];
      if (slot >= count) {
        row.hidden = true;
        continue;
      }
      const index = window.first + slot;
      row.hidden = false;
      const indexText = String(index);
      if (row.dataset.index !== indexText) {
        row.dataset.index = indexText;
        row.id = this.rowId(index);
        // Row 1 is the header row; the count on the grid covers every row, drawn or not.
        row.setAttribute('aria-rowindex', String(index + 2));
      }
      const isSelected = index === window.selected;
      if (row.classList.contains('selected') !== isSelected) {
        row.classList.toggle('selected', isSelected);
        row.setAttribute('aria-selected', String(isSelected));
      }
      const cells = window.cellsOf(index);
      const elements = row.children;
      for (let column = 0; column < elements.length; column++) {
        const element = elements[column] as HTMLElement;
        const text = cells[column]?.text ?? '';
        if (element.textContent !== text) element.textContent = text;
        const isCursor = isSelected && column === window.cursorColumn;
        if (element.classList.contains('cursor') !== isCursor) element.classList.toggle('cursor', isCursor);
      }
    }
  }

  private createRow(): HTMLElement {
    const row = document.createElement('div');
    row.className = 'grid-row';
    row.setAttribute('role', 'row');
    return row;
  }

  private layOut(row: HTMLElement, columns: readonly GridColumn[]): void {
    while (row.children.length > columns.length) row.lastElementChild?.remove();
    while (row.children.length < columns.length) {
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      row.append(cell);
    }
    let total = 0;
    columns.forEach((column, index) => {
      const cell = row.children[index] as HTMLElement;
      cell.className = `grid-cell kind-${column.kind}`;
      cell.dataset.column = String(index);
      cell.style.width = `${column.width}px`;
      total += column.width;
    });
    row.style.width = `${total}px`;
  }
}
