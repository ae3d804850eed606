import { startSandbox, type SandboxFaults, type SandboxOptions, type SandboxVolume } from '../sandbox';
import { parseCliArgs, plainWholeNumber, portOption } from './args';
import { UsageError, type CliCommand } from './command';
import { m } from '../../shared/i18n';
import { textWidth } from '../export/cells';

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
  const number = plainWholeNumber(value, { negative: min < 0 });
  if (number === null || number < min) {
    const option = `--${name}`;
    throw new UsageError(min === 0 ? m.cli_sandbox_whole_number_min0({ option, value }) : m.cli_sandbox_whole_number({ option, value }));
  }
  return number;
}

function fraction(name: string, value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !(number >= 0 && number <= 1)) {
    throw new UsageError(m.cli_sandbox_fraction({ option: `--${name}`, value }));
  }
  return number;
}

function volumeOption(value: string | undefined): SandboxVolume | undefined {
  if (value === undefined) return undefined;
  const volume = VOLUMES.find((known) => known === value);
  if (!volume) throw new UsageError(m.cli_sandbox_volume_invalid({ choices: VOLUMES.join(m.cli_list_separator()), value }));
  return volume;
}

function anchorOption(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const anchor = new Date(value);
  if (Number.isNaN(anchor.getTime())) {
    throw new UsageError(m.cli_sandbox_anchor_invalid({ value }));
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
  if (positionals.length > 0) throw new UsageError(m.cli_unexpected_argument({ value: positionals[0] }));
  const apiKey = values['api-key'];
  const apiSecret = values['api-secret'];
  if ((apiKey === undefined) !== (apiSecret === undefined)) {
    throw new UsageError(m.cli_sandbox_key_pair());
  }
  if (apiKey === '' || apiSecret === '')
    throw new UsageError(m.cli_sandbox_key_empty());
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

/** Label and value lines whose values start in one terminal column, two past the widest label (a Chinese character takes two). */
function table(rows: readonly (readonly [label: string, value: string])[]): string[] {
  const width = Math.max(...rows.map(([label]) => textWidth(label))) + 2;
  return rows.map(([label, value]) => `  ${label}${' '.repeat(width - textWidth(label))}${value}`);
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
    summary: () => m.cli_sandbox_summary(),
    usage: () =>
      [
        m.cli_sandbox_usage_title(),
        '',
        m.cli_sandbox_usage_text(),
        '',
        `  --port N               ${m.cli_option_port()}`,
        `  --seed N               ${m.cli_sandbox_option_seed()}`,
        `  --volume V             ${m.cli_sandbox_option_volume()}`,
        `  --anchor TIME          ${m.cli_sandbox_option_anchor()}`,
        `  --live                 ${m.cli_sandbox_option_live()}`,
        `  --api-key K --api-secret S   ${m.cli_sandbox_option_keys()}`,
        `  --latency-ms N         ${m.cli_sandbox_option_latency()}`,
        `  --jitter-ms N          ${m.cli_sandbox_option_jitter()}`,
        `  --error-rate F         ${m.cli_sandbox_option_error_rate()}`,
        `  --drop-rate F          ${m.cli_sandbox_option_drop_rate()}`,
        `  --html502-rate F       ${m.cli_sandbox_option_html502_rate()}`,
        `  --truncate-rate F      ${m.cli_sandbox_option_truncate_rate()}`,
        `  --rate-limit N         ${m.cli_sandbox_option_rate_limit()}`,
        `  --clock-offset-s N     ${m.cli_sandbox_option_clock_offset()}`,
      ].join('\n'),
    async run(args, io) {
      const sandbox = await startSandbox(sandboxOptionsFromArgs(args));
      const { data } = sandbox;
      const anchor = data.anchor.toISOString();
      io.out(
        [
          m.cli_sandbox_listening({ url: sandbox.baseUrl }),
          '',
          ...table([
            [m.cli_sandbox_base_url(), sandbox.baseUrl],
            [m.cli_sandbox_api_key(), sandbox.credentials.apiKey],
            [m.cli_sandbox_api_secret(), sandbox.credentials.apiSecret],
            [
              m.cli_sandbox_data(),
              data.live.on
                ? m.cli_sandbox_data_live({ seed: String(data.seed), volume: data.volume, anchor })
                : m.cli_sandbox_data_fixed({ seed: String(data.seed), volume: data.volume, anchor }),
            ],
          ]),
          '',
          m.cli_press_ctrl_c(),
        ].join('\n'),
      );
      await waitForStop();
      await sandbox.close();
      return 0;
    },
  };
}

export const sandboxCommand = createSandboxCommand();
