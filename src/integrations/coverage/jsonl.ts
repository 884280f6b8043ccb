// Shared plumbing of the transcript readers: finding JSONL files under a directory (bounded
// depth and count) and reading them line by line without holding a whole file.
import { createReadStream, promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** Directories deep a transcript tree is searched (Codex: sessions/YYYY/MM/DD/file). */
const MAX_DEPTH = 5;
/** Transcript files read at most in one run; more is reported as an error, never silently cut. */
export const MAX_FILES = 20_000;
/** Longest line parsed (a transcript line can hold a whole file's content). */
const MAX_LINE_CHARS = 16 * 1024 * 1024;

/** .jsonl files under dir modified at or after `since` (a file not written since holds nothing newer). */
export async function jsonlFiles(dir: string, since: number): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await fsp.readdir(d, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && depth > 0) return;
      throw err;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      if (e.isDirectory() && depth < MAX_DEPTH) await walk(p, depth + 1);
      else if (e.isFile() && e.name.endsWith('.jsonl')) {
        if ((await fsp.stat(p)).mtimeMs < since) continue;
        if (out.length >= MAX_FILES)
          throw new Error(`more than ${MAX_FILES} transcript files under ${dir}; narrow --since`);
        out.push(p);
      }
    }
  };
  await walk(dir, 0);
  return out;
}

/** Each parsed line of a JSONL file with its 1-based number; unparsable lines are counted. */
export async function* jsonLines(
  file: string,
  skipped: { n: number },
): AsyncGenerator<{ line: number; value: Record<string, unknown> }> {
  const rl = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let n = 0;
  for await (const text of rl) {
    n++;
    if (!text.trim()) continue;
    if (text.length > MAX_LINE_CHARS) {
      skipped.n++;
      continue;
    }
    try {
      const v = JSON.parse(text) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) yield { line: n, value: v as Record<string, unknown> };
      else skipped.n++;
    } catch {
      skipped.n++;
    }
  }
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
export const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** The command, path or URL of a tool input, under the names hosts use for them. */
export function targetOf(input: Record<string, unknown> | undefined): string | undefined {
  if (!input) return undefined;
  const cmd = input.command ?? input.cmd;
  if (Array.isArray(cmd)) {
    const argv = cmd.filter((x): x is string => typeof x === 'string');
    // ["bash", "-lc", "script"]: the script is what the shell runs
    if (argv.length === 3 && /(^|\/)(ba|z|da)?sh$/.test(argv[0] ?? '') && /^-l?c$/.test(argv[1] ?? '')) return argv[2];
    return argv.join(' ');
  }
  return str(cmd) ?? str(input.file_path) ?? str(input.path) ?? str(input.notebook_path) ?? str(input.url);
}
