// What a call is, by its spelling alone, for splitting first-seen cost (bench/compare-eval.mjs):
// a tool other than exec; a command of plain words (letters, digits and `_./=:,@+%-`, one line);
// one with quotes but no expansion or operator; one with operators (pipes, lists, redirections,
// groups, globs); one with an expansion (`$`, backquotes); one of several lines.
export const KINDS = ['other-tool', 'exec-words', 'exec-quoted', 'exec-operators', 'exec-expansion', 'exec-lines'];

export function callKind(call) {
  const cmd = call.params?.command;
  if (typeof cmd !== 'string') return 'other-tool';
  if (/[\n\r]/.test(cmd)) return 'exec-lines';
  if (/[$`]/.test(cmd)) return 'exec-expansion';
  if (/[;|&<>(){}*?[\]~!#\\]/.test(cmd)) return 'exec-operators';
  if (/['"]/.test(cmd)) return 'exec-quoted';
  return 'exec-words';
}
