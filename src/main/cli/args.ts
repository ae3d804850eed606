import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './command';

type StrictConfig<O extends NonNullable<ParseArgsConfig['options']>> = {
  args: string[];
  options: O;
  strict: true;
  allowPositionals: true;
};

/** node:util parseArgs, with its errors turned into usage errors (exit 2). */
export function parseCliArgs<O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: O,
): ReturnType<typeof parseArgs<StrictConfig<O>>> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export function portOption(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, not "${value}".`);
  }
  return port;
}
