// The code a Jupyter notebook runs: its code cells (nbformat 4, jupyter.org: a cell's `source` is
// a string or a list of lines), read as Python, with IPython's shell escapes taken out as the
// commands they run: a line `!curl ...` and a `%%bash`/`%%sh`/`%%script bash` cell run in a shell
// (IPython docs, Built-in magic commands). Markdown and raw cells, and outputs, are not run.
// Two more magics reach outside the kernel: `%load URL` (and `%run` given a URL) pulls a file's
// code from the network into the cell that then runs, read as the shell line that fetches the
// URL into Python; `%pip`/`%conda`/`%mamba` run the package manager in the kernel's environment,
// read as that command.

export interface NotebookCode {
  python: string;
  shell: string[];
}

interface Cell {
  cell_type?: unknown;
  source?: unknown;
}

const CELL_SHELL = /^%%(?:bash|sh|script\s+(?:ba|z)?sh)\b/;
/** `!cmd` and `%sx cmd`/`%system cmd`, and a Python line assigning one (`out = !cmd`). */
const LINE_SHELL = /^\s*(?:[\w, ]+=\s*)?(?:!|%(?:sx|system)\s+)(.+)$/;
/** `%load URL`, `%loadpy URL`, `%run URL`: code fetched from the URL and run in the kernel. */
const LOAD_URL = /^\s*%(?:load|loadpy|run)\s+(?:-\w+\s+(?:\S+\s+)?)*((?:https?|ftp):\/\/\S+)/;
/** `%pip install ...`, `%conda install ...`: the package manager run as a command. */
const PACKAGE_MAGIC = /^\s*%(pip|conda|mamba|micromamba|uv)\s+(.+)$/;

/** IPython's `%env` alone or with one name (no `=`, no value): a listing or a lookup. */
const ENV_MAGIC = /^\s*%env(?:\s+([A-Za-z_]\w*))?\s*$/;

/** The notebook's code, or an empty reading when the text is not a notebook. */
export function notebookCode(text: string): NotebookCode {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { python: '', shell: [] };
  }
  const cells = (doc as { cells?: unknown })?.cells;
  const out: NotebookCode = { python: '', shell: [] };
  if (!Array.isArray(cells)) return out;
  const python: string[] = [];
  for (const cell of cells as Cell[]) {
    if (cell?.cell_type !== 'code') continue;
    const src = Array.isArray(cell.source) ? cell.source.map(String).join('') : String(cell.source ?? '');
    cellInto(src, python, out.shell);
    python.push('');
  }
  out.python = python.join('\n');
  return out;
}

/** One code cell's Python lines and shell commands, appended to `python` and `shell`. */
function cellInto(src: string, python: string[], shell: string[]): void {
  const lines = src.split('\n');
  if (CELL_SHELL.test(lines[0] ?? '')) {
    shell.push(lines.slice(1).join('\n'));
    return;
  }
  for (const line of lines) {
    const m = LINE_SHELL.exec(line);
    const env = ENV_MAGIC.exec(line);
    const load = LOAD_URL.exec(line)?.[1];
    const pkg = PACKAGE_MAGIC.exec(line);
    if (m) shell.push(m[1] ?? '');
    // `%env` lists the kernel's environment with its values, `%env NAME` prints one value
    // (IPython docs, %env); `%env NAME=value` and `%set_env` set one and print nothing
    else if (env?.[1]) python.push('import os', `print(os.environ['${env[1]}'])`);
    else if (env) shell.push('env');
    else if (load) shell.push(`curl -fsSL '${load.replace(/'/g, '')}' | python3`);
    else if (pkg) shell.push(`${pkg[1] ?? ''} ${pkg[2] ?? ''}`);
    // other magics (%matplotlib inline, %%time) are IPython's own, not Python
    else if (!/^\s*%/.test(line)) python.push(line);
  }
}

/** The code of one cell sent to a kernel (an MCP notebook tool's `code` or `source`). */
export function cellCode(src: string): NotebookCode {
  const python: string[] = [];
  const out: NotebookCode = { python: '', shell: [] };
  cellInto(src, python, out.shell);
  out.python = python.join('\n');
  return out;
}
