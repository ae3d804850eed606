/**
 * The sandbox's address, key, secret and data are one table: each value starts in the same
 * terminal column in every language, a Chinese label's characters taking two columns each.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxCommand } from '../../../src/main/cli/sandbox-command';
import { setCurrentLocale } from '../../../src/shared/i18n';

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** The terminal column a line's value starts at: after its label and the spaces that follow it. */
function valueColumn(line: string): number {
  const label = /^ {2}(.+?) {2,}/u.exec(line)?.[0] ?? '';
  return [...label].reduce((columns, char) => columns + (WIDE.test(char) ? 2 : 1), 0);
}

async function printedTable(locale: 'en' | 'zh-CN'): Promise<string[]> {
  setCurrentLocale(locale);
  let stop = (): void => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const out: string[] = [];
  const exit = createSandboxCommand(() => stopped).run(['--volume', 'small'], { out: (text) => void out.push(text), err: () => undefined });
  for (let i = 0; i < 100 && out.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  stop();
  expect(await exit).toBe(0);
  return out.join('\n').split('\n').filter((line) => line.startsWith('  '));
}

afterEach(() => setCurrentLocale('en'));

describe('the table switchboard sandbox prints', () => {
  it('lines its values up in Chinese as in English', async () => {
    const english = await printedTable('en');
    expect(english).toHaveLength(4);
    expect(new Set(english.map(valueColumn))).toEqual(new Set([14]));
    expect(english[0]).toMatch(/^ {2}Base URL {4}http:/);
    const chinese = await printedTable('zh-CN');
    expect(chinese).toHaveLength(4);
    expect(chinese[1]).toContain('API 密钥');
    expect(new Set(chinese.map(valueColumn)).size).toBe(1);
  });
});
