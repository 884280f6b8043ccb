// `svc policy promote`: asks the running server to make its shadow policy set live (POST
// /v1/policy/promote; the admin token only). See docs/shadow-and-replay.md.
import { parse, UsageError } from './args.js';
import { api } from './client.js';

export async function promote(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { json: { type: 'boolean' } });
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const res = await api('POST', '/v1/policy/promote');
  if (values.json) process.stdout.write(JSON.stringify(res.body, null, 2) + '\n');
  if (res.status === 200) {
    const b = res.body as { from_hash: string; to_hash: string; files: string[]; removed: string[] };
    if (!values.json) {
      process.stdout.write(`promoted: ${b.from_hash} -> ${b.to_hash}\n`);
      process.stdout.write(`live policy files: ${b.files.length ? b.files.join(', ') : '(none: the base alone)'}\n`);
      if (b.removed.length) process.stdout.write(`no longer in the set: ${b.removed.join(', ')}\n`);
    }
    return 0;
  }
  const msg = typeof res.body === 'object' && res.body ? (res.body.error ?? res.body.message) : String(res.body);
  process.stderr.write(`svc policy promote: failed (${res.status}): ${msg}\n`);
  return 1;
}
