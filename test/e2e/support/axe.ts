import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

interface Violation {
  rule: string;
  impact: string | null;
  where: string[];
}

/**
 * Runs axe-core (its default rules: WCAG 2 A/AA and best practices) over the page as it shows
 * now; any violation of any impact fails. axe-core is put into the document once and run there,
 * and only the violations come back: @axe-core/playwright evaluates its half-megabyte source twice
 * per run and sends every passing node back too, which made each check take seconds.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(async (): Promise<Violation[]> => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const results = await engine.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? null,
      where: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.slice(0, 300)),
    }));
  });
  expect(found, `axe-core violations on ${label}`).toEqual([]);
}
