import { compareText } from '../../../shared/cell-text';
import { formatNumber, m } from '../../../shared/i18n';
import type { CountLabel } from '../../../shared/i18n/locale';
import type { DrillDown } from '../../../shared/reports/overview';
import { countText, durationText, percentText } from './figures';

/** How a series' values read: on its axis, in the table and in the summary. */
export type ValueFormat = 'count' | 'percent' | 'seconds';

/** A colour of the theme (a CSS variable of app.css). */
export type Tone = 'accent' | 'warning' | 'success' | 'danger';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  kind: 'bar' | 'line';
  format: ValueFormat;
  /**
   * Whether its values add up to a total the summary may state ("N in all"): from the
   * figure's declaration (counts yes; peaks, averages and ratios no), and only where every
   * row is counted in one category alone.
   */
  totalled: boolean;
  tone: Tone;
  /** Drawn against the right-hand axis (a ratio beside counts). */
  secondary?: boolean;
  /** A comparison period's values: a thin dashed line in the muted colour, behind the rest. */
  faint?: boolean;
  /** Each value's own category where it is not the chart's: a comparison period's day, drawn beside this period's. */
  categories?: (string | null)[];
}

export interface TableColumn {
  header: string;
  cells: string[];
  /** Right-aligned figures. */
  numeric: boolean;
  /** The numbers the cells show, to sort the table by; absent: the column is not sortable (money in several currencies). */
  values?: (number | null)[];
}

/** A table's order: by its category column (-1) or another column, largest or last first when descending. */
export interface TableSort {
  column: number;
  descending: boolean;
}

/** One chart of the Overview and the table of the same data, built from the figures main computed. */
export interface ChartModel {
  id: string;
  title: string;
  /** What a category is, as the table's first header ("Hour", "Caller id"). */
  categoryHeader: string;
  /** How many categories there are, in words ("24 hours", "7 countries"), for the summary. */
  counted: CountLabel;
  categories: string[];
  /** Shorter names for the axis ('14' for '14:00–15:00'); the categories otherwise. */
  axisLabels?: string[];
  series: ChartSeries[];
  /** Ranked lists read top to bottom as horizontal bars. */
  horizontal: boolean;
  /** The table view's other columns (the chart's series and figures too fine to draw). */
  columns: TableColumn[];
  /** The archived rows behind each category; null where none can be listed. */
  drills: (DrillDown | null)[];
  /** Said when there is nothing to draw. */
  empty: string;
  /** Said under the table (why its rows may add up to more than the calls). */
  note?: string;
}

export function formatValue(value: number | null, format: ValueFormat): string {
  if (value === null) return '–';
  if (format === 'percent') return percentText(value);
  if (format === 'seconds') return durationText(value);
  return countText(value);
}

export function hasData(model: ChartModel): boolean {
  return model.categories.length > 0 && model.series.some((series) => series.values.some((value) => value !== null && value !== 0));
}

/**
 * One sentence for the chart's accessible description: where each series peaks, and its total
 * when its declaration says its values add up (in the language of the moment).
 */
export function summaryOf(model: ChartModel): string {
  if (!hasData(model)) return model.empty;
  const parts = model.series.map((series) => {
    let best = -1;
    series.values.forEach((value, index) => {
      if (value !== null && (best === -1 || value > (series.values[best] ?? -Infinity))) best = index;
    });
    if (best === -1) return m.overview_summary_none({ series: series.label });
    const peak = { series: series.label, value: formatValue(series.values[best], series.format), category: series.categories?.[best] ?? model.categories[best] };
    return series.totalled ? m.overview_summary_peak_total({ ...peak, total: formatValue(sum(series.values), series.format) }) : m.overview_summary_peak(peak);
  });
  return m.overview_summary({
    counted: model.counted({ count: formatNumber(model.categories.length) }),
    parts: parts.join(m.overview_sentence_separator()),
  });
}

/** What the chart says about one category (under the chart while it is hovered or chosen with the keys). */
export function readoutOf(model: ChartModel, index: number): string {
  const figures = model.series
    .map((series) => m.overview_readout_figure({ series: series.label, value: valueText(series, index, model.categories[index]) }))
    .join(m.overview_list_separator());
  const category = model.categories[index];
  return model.drills[index] ? m.overview_readout_drill({ category, figures }) : m.overview_readout({ category, figures });
}

function sum(values: readonly (number | null)[]): number {
  return values.reduce<number>((total, value) => total + (value ?? 0), 0);
}

/** A series' value at a category as written, with the value's own category where it is another ("499 (Thu 2026-11-26)"). */
function valueText(series: ChartSeries, index: number, category: string | undefined): string {
  const value = formatValue(series.values[index] ?? null, series.format);
  const own = series.categories?.[index] ?? null;
  return own === null || own === category || series.values[index] === null ? value : m.overview_value_of_category({ value, category: own });
}

/** A table column of a series' values. */
export function seriesColumn(series: ChartSeries, categories: readonly string[] = []): TableColumn {
  return { header: series.label, cells: series.values.map((_, index) => valueText(series, index, categories[index])), numeric: true, values: series.values };
}

/** Whether a table can be sorted by a column: its category (-1) always, another when it has its numbers. */
export function canSortBy(model: ChartModel, column: number): boolean {
  return column === -1 || model.columns[column]?.values !== undefined;
}

/**
 * The rows of a chart's table in the order asked for (indexes into its categories): the
 * chart's own order without a sort; numbers compared as numbers with empty ones ('–') last
 * either way; categories as text with their digits compared as numbers; ties in the chart's order.
 */
export function tableOrder(model: ChartModel, sort: TableSort | null): number[] {
  const indexes = model.categories.map((_, index) => index);
  if (sort === null || !canSortBy(model, sort.column)) return indexes;
  const direction = sort.descending ? -1 : 1;
  const values = sort.column === -1 ? null : (model.columns[sort.column].values ?? null);
  return indexes.sort((a, b) => {
    if (values === null) return direction * compareText(model.categories[a], model.categories[b]) || a - b;
    const x = values[a] ?? null;
    const y = values[b] ?? null;
    if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
    return direction * (x - y) || a - b;
  });
}
