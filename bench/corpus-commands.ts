// The shipped corpora's one-line exec commands: the realistic command mix the benches draw from.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadCorpus } from '../src/policy/corpus.js';
import { PACKAGE_ROOT } from '../src/util/version.js';

/** Every exec case's command from test/corpus/*.yaml that fits on one line, in file order. */
export function corpusCommands(): string[] {
  const dir = join(PACKAGE_ROOT, 'test', 'corpus');
  const out: string[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.yaml'))) {
    for (const c of loadCorpus(join(dir, f))) {
      const cmd = c.params.command;
      if (c.tool === 'exec' && typeof cmd === 'string' && !cmd.includes('\n')) out.push(cmd);
    }
  }
  return out;
}
