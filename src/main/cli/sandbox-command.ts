import { startSandbox, type SandboxFaults, type SandboxOptions, type SandboxVolume } from '../sandbox';
import { parseCliArgs, portOption } from './args';
import { UsageError, type CliCommand } from './command';

const VOLUMES: readonly SandboxVolume[] = ['small', 'default', 'large'];

const OPTIONS = {
  port: { type: 'string' },
  seed: { type: 'string' },
  volume: { type: 'string' },
  anchor: { type: 'string' },
  'api-key': { type: 'string' },
  'api-secret': { type: 'string' },
  'latency-ms': { type: 'string' },
  'jitter-ms': { type: 'string' },
  'error-rate': { type: 'string' },
  'drop-rate': { type: 'string' },
  'html502-rate': { type: 'string' },
  'truncate-rate': { type: 'string' },
  'rate-limit': { type: 'string' },
  live: { type: 'boolean' },
  'clock-offset-s': { type: 'string' },
} as const;

type Values = ReturnType<typeof parseCliArgs<typeof OPTIONS>>['values'];

function wholeNumber(name: string, value: string, min: number): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(number) || number < min) {
    throw new UsageError(
      `--${name} must be a whole number${min === 0 ? ' (0 or more)' : ''}, not "${value}".`,
    );
  }
  return number;
}

function fraction(name: string, value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !(number >= 0 && number <= 1)) {
    throw new UsageError(`--${name} must be a fraction from 0 to 1 (e.g. 0.1), not "${value}".`);
  }
  return number;
}

function volumeOption(value: string | undefined): SandboxVolume | undefined {
  if (value === undefined) return undefined;
  const volume = VOLUMES.find((known) => known === value);
  if (!volume) throw new UsageError(`--volume must be one of ${VOLUMES.join(', ')}, not "${value}".`);
  return volume;
}

function anchorOption(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const anchor = new Date(value);
  if (Number.isNaN(anchor.getTime())) {
    throw new UsageError(
      `--anchor must be a date and time such as 2026-01-15T10:00:00+08:00, not "${value}".`,
    );
  }
  return anchor;
}

function faultOptions(values: Values): Partial<SandboxFaults> {
  const faults: Partial<SandboxFaults> = {};
  if (values['latency-ms'] !== undefined)
    faults.latencyMs = wholeNumber('latency-ms', values['latency-ms'], 0);
  if (values['jitter-ms'] !== undefined) faults.jitterMs = wholeNumber('jitter-ms', values['jitter-ms'], 0);
  if (values['rate-limit'] !== undefined)
    faults.rateLimitPerSecond = wholeNumber('rate-limit', values['rate-limit'], 0);
  if (values['clock-offset-s'] !== undefined) {
    faults.clockOffsetSeconds = wholeNumber(
      'clock-offset-s',
      values['clock-offset-s'],
      Number.MIN_SAFE_INTEGER,
    );
  }
  if (values['error-rate'] !== undefined) faults.errorRate = fraction('error-rate', values['error-rate']);
  if (values['drop-rate'] !== undefined) faults.dropRate = fraction('drop-rate', values['drop-rate']);
  if (values['html502-rate'] !== undefined)
    faults.html502Rate = fraction('html502-rate', values['html502-rate']);
  if (values['truncate-rate'] !== undefined)
    faults.truncateRate = fraction('truncate-rate', values['truncate-rate']);
  return faults;
}

/** Turns the command line into sandbox options; bad values are usage errors. */
export function sandboxOptionsFromArgs(args: string[]): SandboxOptions {
  const { values, positionals } = parseCliArgs(args, OPTIONS);
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
  const apiKey = values['api-key'];
  const apiSecret = values['api-secret'];
  if ((apiKey === undefined) !== (apiSecret === undefined)) {
    throw new UsageError('--api-key and --api-secret go together: give both or neither.');
  }
  if (apiKey === '' || apiSecret === '')
    throw new UsageError('--api-key and --api-secret must not be empty.');
  const options: SandboxOptions = { port: portOption(values.port), faults: faultOptions(values) };
  if (values.seed !== undefined) options.seed = wholeNumber('seed', values.seed, Number.MIN_SAFE_INTEGER);
  const volume = volumeOption(values.volume);
  if (volume) options.volume = volume;
  const anchor = anchorOption(values.anchor);
  if (anchor) options.anchor = anchor;
  if (apiKey !== undefined && apiSecret !== undefined) options.accounts = [{ apiKey, apiSecret }];
  if (values.live === true) options.live = true;
  return options;
}

function waitForSignal(): Promise<void> {
  return new Promise((resolveStop) => {
    process.once('SIGINT', resolveStop);
    process.once('SIGTERM', resolveStop);
  });
}

/** `waitForStop` is injectable so tests can stop the command without signalling the process. */
export function createSandboxCommand(waitForStop: () => Promise<void> = waitForSignal): CliCommand {
  return {
    summary: 'Serve the built-in simulated platform (/v3 API) on 127.0.0.1',
    usage: [
      'Usage: switchboard sandbox [options]',
      '',
      'Serves a simulated platform with deterministic demo data on 127.0.0.1 and prints',
      'its base URL and the API key and secret it accepts. Stop with Ctrl+C.',
      '',
      '  --port N               port to listen on (default: a random free port)',
      '  --seed N               data seed (default 1); same seed and anchor, same data',
      '  --volume V             small, default or large (1,000,000 voice records)',
      '  --anchor TIME          data ends at this instant (default: now, floored to the hour)',
      '  --live                 a live day: after the anchor calls keep arriving (about one every 15 s)',
      '                         and seats change status every few seconds',
      '  --api-key K --api-secret S   the credentials to accept (default: sandbox-demo-key / sandbox-demo-secret)',
      '  --latency-ms N         delay every answer by N ms',
      '  --jitter-ms N          plus up to N ms more',
      '  --error-rate F         fraction of requests answered -18 (system error), 0 to 1',
      '  --drop-rate F          fraction of connections closed without an answer',
      '  --html502-rate F       fraction answered HTTP 502 with an HTML page',
      '  --truncate-rate F      fraction answered with the JSON cut in half',
      '  --rate-limit N         requests per second per key before -15 (0 = off)',
      '  --clock-offset-s N     server clock offset in seconds (provokes -16); negative: --clock-offset-s=-3600',
    ].join('\n'),
    async run(args, io) {
      const sandbox = await startSandbox(sandboxOptionsFromArgs(args));
      io.out(
        [
          `Sandbox platform listening at ${sandbox.baseUrl}`,
          '',
          `  Base URL    ${sandbox.baseUrl}`,
          `  API key     ${sandbox.credentials.apiKey}`,
          `  API secret  ${sandbox.credentials.apiSecret}`,
          `  Data        seed ${sandbox.data.seed}, volume ${sandbox.data.volume}, anchored at ${sandbox.data.anchor.toISOString()}${sandbox.data.live.on ? ', live' : ''}`,
          '',
          'Press Ctrl+C to stop.',
        ].join('\n'),
      );
      await waitForStop();
      await sandbox.close();
      return 0;
    },
  };
}

export const sandboxCommand = createSandboxCommand();
