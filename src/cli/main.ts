// `svc` command entry (bin/svc.js imports this): runs the dispatcher (run-cli.ts) on the process's
// arguments and exits with its status once the event loop drains.
import { runCli } from './run-cli.js';

void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
