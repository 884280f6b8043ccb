// One test shared by the readers of files that hold commands as strings (content.ts,
// later-commands.ts, inplace-plants.ts): its own module so none of them imports another for it.

/** A string literal that reads as a shell command line worth deciding: a fetch, a pipe into a
 * shell, a /dev/tcp path, a PowerShell download, an encoded PowerShell command (decoded by the command reading). */
export const SHELL_LITERAL =
  /\b(?:curl|wget|nc|bash|sh|iwr|irm|invoke-webrequest|invoke-restmethod|iex|certutil|bitsadmin)\b.*(?:\||https?:|\/dev\/tcp|\biex\b)|\b(?:powershell|pwsh)(?:\.exe)?\b.*\s[-/]e(?:c|nc|ncodedcommand)?\s+[A-Za-z0-9+/=]{16,}/i;

/**
 * The string literals of a source text that read as shell command lines (SHELL_LITERAL), with
 * their escapes undone, so a script phase kept as one literal reads as its lines. `context`,
 * when given, is asked about the text of the line before each literal and keeps only those it
 * accepts.
 */
export function shellLiterals(content: string, context?: (before: string) => boolean): string[] {
  const out: string[] = [];
  for (const m of content.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g)) {
    const t = (m[1] ?? m[2] ?? '')
      .replace(/\\n/g, '\n')
      .replace(/\\t/g, '\t')
      .replace(/\\(["'\\])/g, '$1')
      // the argument string of Process.Start("/bin/sh", "-c \"CMD\""): the command after -c
      // (and cmd's `/c CMD`, as in ProcessStartInfo("cmd.exe", "/c CMD"))
      .replace(/^(?:-c|\/[cCkK])\s+(["']?)([\s\S]*)\1$/, '$2');
    if (!SHELL_LITERAL.test(t)) continue;
    if (context) {
      const at = m.index ?? 0;
      const start = content.lastIndexOf('\n', at) + 1;
      if (!context(content.slice(Math.max(start, at - 80), at))) continue;
    }
    out.push(t);
  }
  return out;
}
