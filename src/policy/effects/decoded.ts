// Known text through a decoding filter (`base64 -d`, `xxd -r -p`, `rev`, `tr`): what a pipeline
// stage prints when its input is a literal, so `echo RFJPUC... | base64 -d | psql` is read as
// the SQL it feeds psql and `-e "$(echo ... | base64 -d)"` as the statement it passes.
import { filterOf } from '../shell-decode.js';
import type { Token } from '../shell-parse.js';

/** The output of a filter command given `stdin`, or undefined when it is no known filter. */
export function decodedOutput(argv: string[], stdin: string): string | undefined {
  const tokens: Token[] = argv.map((text) => ({ text, quoted: true, redir: false }));
  const f = filterOf(tokens);
  if (!f) return undefined;
  return f.apply(stdin) ?? undefined;
}
