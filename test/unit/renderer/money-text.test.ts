/**
 * Money on the Overview and the live board: one rule for every amount, so a figure beside
 * another (today, yesterday, last week on a live card) is written with the same decimals.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { setCurrentLocale } from '../../../src/shared/i18n';
import { amountText, moneyText } from '../../../src/renderer/src/lib/figures';

afterEach(() => setCurrentLocale('en'));

describe('amounts', () => {
  it('always have four decimals, however many the sum needs', () => {
    expect([6.0505, 1.767, 12, 0.2].map(amountText)).toEqual(['6.0505', '1.7670', '12.0000', '0.2000']);
    expect(amountText(1234.56789)).toBe('1,234.5679');
  });

  it('side by side on a live card, in Chinese too: the same decimals and the currency’s code', () => {
    setCurrentLocale('zh-CN');
    const today = moneyText([{ currency: 'EUR', amount: 6.0505 }]);
    const lastWeek = moneyText([{ currency: 'EUR', amount: 1.767 }]);
    expect([today, lastWeek]).toEqual(['6.0505 EUR', '1.7670 EUR']);
    expect(moneyText([{ currency: 'EUR', amount: 1 }, { currency: '', amount: 2.5 }])).toBe('1.0000 EUR · 2.5000 （无币种）');
  });
});
