import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe-core (WCAG 2 A/AA and best practices) over the page as it shows now; any violation of any impact fails. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    where: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.slice(0, 300)),
  }));
  expect(found, `axe-core violations on ${label}`).toEqual([]);
}
