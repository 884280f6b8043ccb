// One test shared by the readers of files that hold commands as strings (content.ts,
// later-commands.ts, inplace-plants.ts): its own module so none of them imports another for it.

/** A string literal that reads as a shell command line worth deciding: a fetch, a pipe into a
 * shell, a /dev/tcp path, a PowerShell download, an encoded PowerShell command (decoded by the command reading). */
export const SHELL_LITERAL =
  /\b(?:curl|wget|nc|bash|sh|iwr|irm|invoke-webrequest|invoke-restmethod|iex|certutil|bitsadmin)\b.*(?:\||https?:|\/dev\/tcp|\biex\b)|\b(?:powershell|pwsh)(?:\.exe)?\b.*\s[-/]e(?:c|nc|ncodedcommand)?\s+[A-Za-z0-9+/=]{16,}/i;
