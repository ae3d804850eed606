import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** The list reporter shows that a test was skipped, not why; this prints the why. */
export default class SkipReasons implements Reporter {
  private readonly skipped: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const reason = test.annotations.find((annotation) => annotation.type === 'skip')?.description ?? 'no reason given';
    this.skipped.push(`  skipped: ${test.titlePath().filter(Boolean).join(' › ')}: ${reason}`);
  }

  onEnd(): void {
    if (this.skipped.length > 0) console.log(`\nSkipped tests and why:\n${this.skipped.join('\n')}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
