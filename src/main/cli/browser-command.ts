import { join } from 'node:path';
import { startHarness } from '../browser-host/server';
import { createLogger } from '../log';
import { resolveUserDataDir } from '../user-data';
import { parseCliArgs, portOption } from './args';
import type { CliCommand } from './command';

export const browserCommand: CliCommand = {
  summary: 'Serve the whole app to a browser on 127.0.0.1 (for machines without Electron)',
  usage: [
    'Usage: switchboard browser [--port N]',
    '',
    'Starts the app\'s services and serves the interface on 127.0.0.1 with a per-run',
    'token in the URL. Open the printed URL in Chromium, Chrome, Edge or Firefox.',
    'Stop with Ctrl+C.',
    '',
    '  --port N   port to listen on (default: a random free port)',
  ].join('\n'),
  async run(args, io) {
    const { values } = parseCliArgs(args, { port: { type: 'string' } });
    const userDataDir = resolveUserDataDir();
    const log = createLogger({ file: join(userDataDir, 'logs', 'browser.log') });
    const harness = await startHarness({
      rendererDir: join(__dirname, '../renderer'),
      userDataDir,
      log,
      port: portOption(values.port),
      // The demo profile shows a living floor (the Live screen); the test harness keeps fixed data.
      sandboxOptions: { live: true },
    });
    io.out(`Switchboard is running. Open this address in your browser:\n\n  ${harness.url}\n\nPress Ctrl+C to stop.`);
    await new Promise<void>((resolveStop) => {
      process.once('SIGINT', resolveStop);
      process.once('SIGTERM', resolveStop);
    });
    await harness.close();
    return 0;
  },
};
