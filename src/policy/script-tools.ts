// The tool a command line runs when an interpreter or a path comes first: `php vendor/bin/dep
// deploy production` runs Deployer, `java -jar jenkins-cli.jar build deploy-prod` runs the Jenkins
// CLI, `vendor/bin/envoy run deploy` and `C:\tools\octo.exe deploy-release` run envoy and octo.
// The verb readings (shell-verbs.ts, shell-ship-verbs.ts) look for a tool's subcommand after its
// name; with the interpreter or the folder in front they would see `php` or a path and stop.
// This gives them the line as the tool's own: its file name without folder or extension first.

/** Interpreters that run a script file named next (after their own options). */
const INTERPRETERS = /^(?:php(?:\d+(?:\.\d+)?)?|node|ruby|perl|java)$/;
/** Extensions of runnable files, dropped from the tool's name. */
const EXT = /\.(?:phar|php|jar|js|mjs|cjs|rb|pl|exe|cmd|bat|ps1)$/i;
/** A file name a tool may have: letters first, then letters, digits, dots, dashes, underscores. */
const NAME = /^[A-Za-z][\w.-]*$/;

function fileTool(path: string): string | undefined {
  const base = (path.split(/[\\/]/).pop() ?? '').replace(EXT, '');
  return NAME.test(base) ? base.toLowerCase() : undefined;
}

/** `words` with a leading interpreter and script, or a leading path, replaced by the tool's name. */
export function scriptToolWords(words: string[]): string[] {
  const first = words[0] ?? '';
  const name = (first.split(/[\\/]/).pop() ?? '').toLowerCase();
  if (INTERPRETERS.test(name)) {
    let i = 1;
    // the interpreter's own options (`php -d memory_limit=-1`, `java -Xmx1g -jar`)
    while (i < words.length && (words[i] ?? '').startsWith('-') && words[i] !== '-jar')
      i += /^-[dc]$/.test(words[i] ?? '') ? 2 : 1;
    if (name === 'java') {
      if (words[i] !== '-jar') return words;
      i++;
    }
    const script = words[i] ?? '';
    // a script file, not inline code (`php -r`, `node -e`) nor a bare word (`php artisan` stays)
    if (!/[\\/]/.test(script) && !EXT.test(script)) return words;
    const tool = fileTool(script);
    return tool ? [tool, ...words.slice(i + 1)] : words;
  }
  if (/[\\/]/.test(first) || EXT.test(first)) {
    const tool = fileTool(first);
    return tool && tool !== first ? [tool, ...words.slice(1)] : words;
  }
  return words;
}
