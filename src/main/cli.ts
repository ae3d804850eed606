import { runCli } from './cli/run';
import { endOnSignals } from './end-on-signals';

endOnSignals();
void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
