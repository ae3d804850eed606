/**
 * A chart as a PNG picture: uPlot's canvas drawn on the card's own background under the
 * chart's title (the canvas alone is transparent and untitled). The desktop saves it where
 * the save dialog says (main checks it is a PNG); in a browser the page downloads it itself.
 */
import { m } from '../../../shared/i18n';
import { bridge } from './bridge';
import { session } from './session.svelte';

/** What became of a picture: saved (where), not saved (the dialog was closed), or why it failed. */
export type ChartImageOutcome = { saved: string } | { closed: true } | { failed: string };

const TITLE_HEIGHT = 28;

/** The chart's canvas under its title, on a background of its own colour. */
export function chartPicture(canvas: HTMLCanvasElement, title: string, card: HTMLElement): HTMLCanvasElement {
  const style = getComputedStyle(card);
  const scale = canvas.width / Math.max(1, canvas.clientWidth || canvas.width);
  const picture = document.createElement('canvas');
  picture.width = canvas.width;
  picture.height = canvas.height + Math.round(TITLE_HEIGHT * scale);
  const context = picture.getContext('2d');
  if (!context) return canvas;
  context.fillStyle = style.backgroundColor || '#ffffff';
  context.fillRect(0, 0, picture.width, picture.height);
  context.fillStyle = style.color || '#000000';
  context.font = `600 ${Math.round(14 * scale)}px ${style.fontFamily || 'sans-serif'}`;
  context.textBaseline = 'middle';
  context.fillText(title, Math.round(4 * scale), Math.round((TITLE_HEIGHT / 2) * scale));
  context.drawImage(canvas, 0, Math.round(TITLE_HEIGHT * scale));
  return picture;
}

function pngBlob(picture: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => picture.toBlob(resolve, 'image/png'));
}

/** Saves the picture of a chart named `name` (its id: `voice-by-hour`). */
export async function saveChartPicture(picture: HTMLCanvasElement, name: string): Promise<ChartImageOutcome> {
  const fileName = `overview-${name}.png`;
  if (session.appInfo?.host === 'browser') {
    const blob = await pngBlob(picture);
    if (!blob) return { failed: m.overview_chart_not_drawn() };
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return { saved: fileName };
  }
  const data = picture.toDataURL('image/png');
  const saved = await bridge.saveChartImage({ name, pngBase64: data.slice(data.indexOf(',') + 1) });
  if (!saved.ok) return { failed: saved.error.message };
  return saved.value.path === null ? { closed: true } : { saved: saved.value.path };
}
