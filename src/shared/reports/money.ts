/**
 * How a currency is named wherever a figure names it: the Overview's tiles, tables and live
 * board on screen, and the Summary sheets of a workbook. By its ISO code as the platform sent
 * it ("Cost (USD)", "6.0505 USD"), the same in every language and in every file, so a figure
 * on screen and its column in a workbook carry one name.
 */
import { m } from '../i18n';

/** A currency as figures name it: its code, or "no currency" for records that named none (''). */
export function currencyLabel(currency: string): string {
  return currency === '' ? m.overview_no_currency() : currency;
}

/** "Cost (USD)": the name of a cost tile, column or row. */
export function costIn(currency: string): string {
  return m.overview_cost_in({ currency: currencyLabel(currency) });
}
