// `svc deny ID`: denies one pending call; the agent receives the denial.
import { onePositional, parse, UsageError, type Command } from './args.js';
import { resolveOne } from './approve.js';

export default {
  help: `usage: svc deny ID

Denies a pending call on the running server (see "svc pending" for ids).
Environment: SERVICE_URL (default http://127.0.0.1:9090), SERVICE_TOKEN (else the token file).`,
  async run(argv) {
    const { positionals } = parse(argv, {});
    const id = onePositional(positionals, 'expected exactly one approval ID (see "svc pending")');
    return resolveOne('deny', id, false, false);
  },
} satisfies Command;
