// `npm test` (all: unit, the leak soak, the security scan, end-to-end), `npm run test:unit`,
// `npm run test:e2e`. The soak (`npm run soak` alone) runs in a process of its own, so its
// heap figures are not mixed with a test runner's, and only in `all`: it takes about a minute.
// Builds if needed, and on a Linux box without a desktop session runs the suites
// inside a private D-Bus session with a throwaway, unlocked gnome-keyring, so the
// keychain tests exercise a real Secret Service for anyone, with no extra step.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from './ensure-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] ?? 'all';
const extra = process.argv.slice(3);
if (!['all', 'unit', 'e2e'].includes(mode)) {
  console.error(`Unknown test mode "${mode}": use all, unit or e2e.`);
  process.exit(2);
}
const KEYRING_ENV = 'SWITCHBOARD_TEST_KEYRING';

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

if (process.platform === 'linux' && !process.env[KEYRING_ENV]) {
  if (onPath('dbus-run-session') && onPath('gnome-keyring-daemon')) {
    const env = { ...process.env, [KEYRING_ENV]: 'starting' };
    process.exit(run('dbus-run-session', ['--', process.execPath, fileURLToPath(import.meta.url), mode, ...extra], env));
  }
  console.warn('No dbus-run-session/gnome-keyring-daemon: keychain tests use whatever Secret Service this session has.');
}

if (process.env[KEYRING_ENV] === 'starting') {
  // A fresh keyring folder, so a developer's own login keyring is never touched.
  const started = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: 'switchboard-throwaway\n',
    env: { ...process.env, XDG_DATA_HOME: mkdtempSync(join(tmpdir(), 'switchboard-keyring-')) },
    encoding: 'utf8',
  });
  if (started.status !== 0) console.warn(`gnome-keyring-daemon did not start: ${started.stderr}`);
  for (const line of started.stdout.split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) process.env[match[1]] = match[2];
  }
  process.env[KEYRING_ENV] = 'ready';
}

ensureBuild();
const require = createRequire(import.meta.url);
const bin = (pkg, file) => join(dirname(require.resolve(`${pkg}/package.json`)), file);

const unitReport = join(root, 'test-results', 'vitest.json');
const e2eReport = join(root, 'test-results', 'playwright.json');
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = 0;
/** Names of what failed, repeated at the very end: CI often keeps only the tail of the output. */
const failedNames = [];

/** `project › file › title` of every test whose outcome was unexpected, through nested describe blocks. */
function failedPlaywrightTests(suites, titles) {
  const names = [];
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') names.push(`${test.projectName} › ${[...path, spec.title].join(' › ')}`);
      }
    }
    names.push(...failedPlaywrightTests(suite.suites ?? [], path));
  }
  return names;
}

function readReport(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

if (mode === 'all' || mode === 'unit') {
  console.log('\n== Unit tests (vitest)');
  rmSync(unitReport, { force: true });
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`];
  if (run(process.execPath, [bin('vitest', 'vitest.mjs'), ...args, ...(mode === 'unit' ? extra : [])]) !== 0) failedSuites++;
  const report = readReport(unitReport);
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    console.log(`unit: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
    for (const file of report.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) failedNames.push(`unit › ${relative(root, file.name)} › ${test.fullName}`);
      if (failedTests.length === 0 && file.status === 'failed') failedNames.push(`unit › ${relative(root, file.name)} (${file.message ?? 'failed to load'})`);
    }
  }
}
if (mode === 'all') {
  console.log('\n== Leak soak (npm run soak)');
  const soakPassed = run(process.execPath, ['--expose-gc', '--import', 'tsx', join('test', 'soak', 'soak.ts')]) === 0;
  if (soakPassed) totals.passed += 1;
  else {
    totals.failed += 1;
    failedSuites++;
    failedNames.push('leak soak (test/soak/soak.ts)');
  }
}
// -- Security scan (issue 10): electronegativity over src/ and the built page; any finding
// not justified in security/electronegativity.json fails the run. Counts as one check.
if (mode === 'all' || (mode === 'unit' && extra.length === 0)) {
  console.log('\n== Security scan (electronegativity)');
  const scanPassed = run(process.execPath, [join(root, 'scripts', 'electronegativity.mjs')]) === 0;
  if (scanPassed) totals.passed += 1;
  else {
    totals.failed += 1;
    failedSuites++;
    failedNames.push('security scan (electronegativity)');
  }
}
// -- end of security scan
if (mode === 'all' || mode === 'e2e') {
  console.log('\n== End-to-end tests (Playwright, Chromium)');
  rmSync(e2eReport, { force: true });
  if (run(process.execPath, [bin('@playwright/test', 'cli.js'), 'test', ...(mode === 'e2e' ? extra : [])]) !== 0) failedSuites++;
  const report = readReport(e2eReport);
  if (report) {
    const { expected, unexpected, flaky, skipped } = report.stats;
    totals.passed += expected + flaky;
    totals.failed += unexpected;
    totals.skipped += skipped;
    console.log(`e2e: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped`);
    failedNames.push(...failedPlaywrightTests(report.suites ?? [], []));
  }
}
if (failedSuites > 0 && totals.failed === 0) totals.failed = failedSuites;
if (failedNames.length > 0) console.log(`\nFailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);
// The plain closing line CI reads.
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSuites === 0 ? 0 : 1);
