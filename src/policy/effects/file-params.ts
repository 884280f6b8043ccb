// Files a CLI loads as the value of a parameter, by the CLI's own file-reference syntax: the AWS
// CLI's `file://PATH` and `fileb://PATH` (`aws sns publish --message file://.env`, `aws lambda
// invoke --payload fileb://creds.json`), the Azure CLI's `@PATH` (`az rest --body @.env`), and
// HTTPie/xh request items that embed a file (`field=@PATH`, `field:=@PATH`, `field@PATH` uploads
// it). The file's content goes where the command sends it (a topic, a function, a URL), so each
// is read as a read of that file, and the credential and .env rules decide it as they decide
// `cat FILE`; a payload file of the project (`--cli-input-json file://task.json`) passes.
// Sources: AWS CLI user guide, "Loading AWS CLI parameters from a file"; Azure CLI docs, "Tips for
// using the Azure CLI" (@file arguments); HTTPie docs, request items (=@, :=@, @); xh README.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const FILE_PARAM_PROGRAMS: readonly string[] = ['aws', 'az', 'http', 'https', 'xh', 'xhs'];

/** The file a word loads, by the program's syntax, or undefined. */
function loadedFile(program: string, word: string): string | undefined {
  if (program === 'aws') return /^(?:--[\w-]+=)?fileb?:\/\/(.+)$/.exec(word)?.[1];
  if (program === 'az') return /^(?:--[\w-]+=)?@([~./\w$][^\s]*)$/.exec(word)?.[1];
  // httpie/xh request items: name=@file, name:=@file (raw JSON), name@file (multipart upload)
  return /^[\w.[\]-]+(?:=|:=)?@([~./\w$][^\s]*)$/.exec(word)?.[1];
}

/** A read of each file a line's CLIs load as a parameter value (see the top of this file). */
export function fileParamEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const program = basename(c.argv[0] ?? '').toLowerCase();
    if (!FILE_PARAM_PROGRAMS.includes(program)) continue;
    for (const w of c.argv.slice(1)) {
      const f = loadedFile(program, w);
      if (f) out.push({ tool: 'read', path: f, via: `${program} loads ${f} as a parameter it sends` });
    }
  }
}
