import { join } from 'node:path';
import { startHarness } from '../browser-host/server';
import { createLogger } from '../log';
import { logUnhandledRejections } from '../unhandled-rejections';
import { resolveUserDataDir } from '../user-data';
import { parseCliArgs, portOption } from './args';
import type { CliCommand } from './command';
import { m } from '../../shared/i18n';

export const browserCommand: CliCommand = {
  summary: () => m.cli_browser_summary(),
  usage: () => [m.cli_browser_usage_title(), '', m.cli_browser_usage_text(), '', `  --port N   ${m.cli_option_port()}`].join('\n'),
  async run(args, io) {
    const { values } = parseCliArgs(args, { port: { type: 'string' } });
    const userDataDir = resolveUserDataDir();
    const log = createLogger({ file: join(userDataDir, 'logs', 'browser.log') });
    logUnhandledRejections(log);
    const harness = await startHarness({
      rendererDir: join(__dirname, '../renderer'),
      userDataDir,
      log,
      port: portOption(values.port),
      // The demo profile shows a living floor (the Live screen); the test harness keeps fixed data.
      sandboxOptions: { live: true },
    });
    io.out(`${m.cli_browser_running()}\n\n  ${harness.url}\n\n${m.cli_press_ctrl_c()}`);
    await new Promise<void>((resolveStop) => {
      process.once('SIGINT', resolveStop);
      process.once('SIGTERM', resolveStop);
    });
    await harness.close();
    return 0;
  },
};
