/** A ChartModel as uPlot options and data: category bars (grouped), an optional ratio line, vertical or ranked horizontal. */
import uPlot from 'uplot';
import { formatNumber, formatPercent } from '../../../shared/i18n';
import { type ChartModel, formatValue, type ValueFormat } from './chart-model';
import type { ChartPalette } from './theme.svelte';

const ROW_HEIGHT = 24;
const VERTICAL_HEIGHT = 220;

export function chartHeight(model: ChartModel): number {
  return model.horizontal ? Math.max(110, model.categories.length * ROW_HEIGHT + 40) : VERTICAL_HEIGHT;
}

/** x is the category's index: categories sit at whole numbers, bars centred on them. */
export function chartData(model: ChartModel): uPlot.AlignedData {
  return [model.categories.map((_, index) => index), ...model.series.map((series) => series.values)];
}

export interface ChartEvents {
  hover(index: number | null): void;
}

export function chartOptions(model: ChartModel, palette: ChartPalette, width: number, events: ChartEvents): uPlot.Options {
  const count = model.categories.length;
  const bars = model.series.filter((series) => series.kind === 'bar');
  const primary = model.series.find((series) => !series.secondary);
  const secondary = model.series.find((series) => series.secondary);
  const axisBase = {
    stroke: palette.muted,
    font: palette.font,
    grid: { stroke: palette.grid, width: 1 },
    ticks: { stroke: palette.grid, width: 1 },
  };
  const names = model.axisLabels ?? model.categories;
  const labelWidth = Math.min(220, 16 + 7 * Math.max(4, ...names.map((label) => label.length)));
  const categoryLabels = (_: uPlot, splits: number[]): string[] =>
    splits.map((split) => (Number.isInteger(split) ? (names[split] ?? '') : ''));

  return {
    width,
    height: chartHeight(model),
    legend: { show: false },
    cursor: {
      y: false,
      points: { show: false },
      drag: { x: false, y: false, setScale: false },
    },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      // Horizontal charts turn the category axis upright, first category at the top.
      x: { time: false, range: [-0.5, Math.max(0.5, count - 0.5)], ...(model.horizontal ? { ori: 1, dir: -1 } : {}) },
      y: { range: (_u, _min, max) => [0, max > 0 ? niceCeiling(max) : 1], ...(model.horizontal ? { ori: 0 } : {}) },
      ratio: { range: [0, 1] },
    },
    axes: [
      {
        ...axisBase,
        grid: { show: false },
        side: model.horizontal ? 3 : 2,
        size: model.horizontal ? labelWidth : 32,
        space: model.horizontal ? ROW_HEIGHT - 6 : 34,
        incrs: [1, 2, 3, 4, 6, 7, 12, 24, 48, 96, 144, 288],
        values: categoryLabels,
      },
      {
        ...axisBase,
        side: model.horizontal ? 2 : 3,
        size: model.horizontal ? 32 : 56,
        values: (_u, splits) => splits.map((split) => axisText(split, primary?.format ?? 'count')),
      },
      ...(secondary
        ? [
            {
              ...axisBase,
              scale: 'ratio',
              side: 1 as const,
              size: 52,
              grid: { show: false },
              values: (_u: uPlot, splits: number[]) => splits.map((split) => axisText(split, secondary.format)),
            },
          ]
        : []),
    ],
    series: [
      {},
      ...model.series.map((series): uPlot.Series => {
        const colour = palette.tones[series.tone];
        if (series.faint) {
          return { label: series.label, scale: series.secondary ? 'ratio' : 'y', stroke: palette.muted, width: 1.5, dash: [5, 4], points: { show: false } };
        }
        if (series.kind === 'line') {
          return { label: series.label, scale: series.secondary ? 'ratio' : 'y', stroke: colour, width: 2, points: { show: true, size: 5, fill: colour } };
        }
        const at = bars.indexOf(series);
        return {
          label: series.label,
          scale: 'y',
          fill: colour,
          stroke: colour,
          width: 0,
          points: { show: false },
          paths: uPlot.paths.bars?.({ size: [bars.length > 1 ? 0.4 : 0.7, 64], align: barAlign(at, bars.length) }),
        };
      }),
    ],
    hooks: {
      setCursor: [(u) => events.hover(u.cursor.idx ?? null)],
    },
  };
}

/** Two bar series stand side by side on either side of the category; one is centred. */
function barAlign(at: number, of: number): -1 | 0 | 1 {
  if (of < 2) return 0;
  return at === 0 ? -1 : 1;
}

function axisText(value: number, format: ValueFormat): string {
  if (format === 'count') return Number.isInteger(value) ? formatNumber(value) : '';
  if (format === 'percent') return formatPercent(Math.round(value * 100) / 100, 0);
  return formatValue(value, format);
}

/** A round top for the value axis, so bars never touch the frame. */
function niceCeiling(max: number): number {
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil((max * 1.05) / step) * step;
}
