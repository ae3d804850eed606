import { intlLocale } from './locale';

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = intlLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A number with the language's grouping and decimal mark; the stored value is not touched. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(options).format(value);
}

/** A fraction (0.42) as a percentage in the language's way ("42%", "42 %"). */
export function formatPercent(fraction: number, fractionDigits = 1): string {
  return numberFormat({ style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: fractionDigits }).format(fraction);
}
