import type { Tone } from './chart-model';

export interface ChartPalette {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  tones: Record<Tone, string>;
  font: string;
}

/**
 * The colour scheme in force. Charts draw on a canvas, which CSS cannot restyle: they read
 * the theme's variables when drawn and draw again when `version` moves.
 */
class Theme {
  version = $state(0);

  constructor() {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.version++);
  }

  palette(element: Element): ChartPalette {
    const style = getComputedStyle(element);
    const read = (name: string): string => style.getPropertyValue(name).trim();
    return {
      text: read('--text'),
      muted: read('--muted'),
      grid: read('--border'),
      surface: read('--surface'),
      tones: { accent: read('--accent'), warning: read('--warning'), success: read('--success'), danger: read('--danger') },
      font: `12px ${style.fontFamily}`,
    };
  }
}

export const theme = new Theme();
