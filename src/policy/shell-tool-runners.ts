// An infrastructure or release CLI run through a build system, task runner, package script or
// container image rather than by its own name: `bazel run //infra/terraform:prod -- destroy
// -auto-approve`, `npx nx run infra:terraform -- apply -auto-approve`, `npm run cdk -- deploy`,
// `task terraform -- destroy`, `nix run nixpkgs#terraform -- destroy`, `docker run
// hashicorp/terraform:1.7 destroy -auto-approve`. The runner passes the words after its target
// to the tool, so the line is read as `TOOL WORDS` and decided as if typed. Which target names
// are which tool is data (policies/catalogues/tool-runners.yaml). A target that only names the
// tool's package (`//infra/terraform:fmt`) still runs that tool; what it is handed decides.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../util/yaml.js';
import { PACKAGE_ROOT } from '../util/version.js';

let tools: Map<string, string> | undefined;

/** Target word -> CLI, from the catalogue (`opentofu=tofu`). */
function toolTable(): Map<string, string> {
  if (tools) return tools;
  const out = new Map<string, string>();
  try {
    const doc = parse(readFileSync(join(PACKAGE_ROOT, 'policies', 'catalogues', 'tool-runners.yaml'), 'utf8')) as {
      sections?: Record<string, { items?: unknown[] }[]>;
    };
    for (const e of doc.sections?.tools ?? [])
      for (const i of e.items ?? []) {
        const [name, cli] = String(i).split('=');
        if (name) out.set(name.toLowerCase(), (cli ?? name).toLowerCase());
      }
  } catch {
    // without the catalogue no runner is read through
  }
  return (tools = out);
}

/** The CLI a target label, script, service or image names, or undefined. */
function named(target: string): string | undefined {
  const t = toolTable();
  const parts = target
    .toLowerCase()
    .replace(/[:@][\w.-]*$/, (m) => (m.startsWith(':') ? m : '')) // drop an image tag, keep a bazel target
    .split(/[/:@#.+]+/)
    .filter(Boolean);
  for (const p of parts.reverse()) {
    const hit = t.get(p) ?? t.get(p.split(/[_-]/)[0] ?? '');
    if (hit) return hit;
  }
  return undefined;
}

const BUILD_SYSTEMS = new Set(['bazel', 'bazelisk', 'buck', 'buck2', 'pants', 'please', 'plz']);
const SCRIPT_RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const PACKAGE_RUNNERS = new Set(['npx', 'pnpx', 'bunx']);

/** The words after `--`, or after index `i` when there is none. */
function passed(words: string[], i: number): string[] {
  const dd = words.indexOf('--', i);
  return dd >= 0 ? words.slice(dd + 1) : words.slice(i);
}

function command(cli: string, args: string[], from: string): { from: string; text: string } | null {
  if (!args.length) return null;
  // the runner already names the tool (`docker run amazon/aws-cli aws s3 ls`): read as written elsewhere
  if ((args[0] ?? '').toLowerCase() === cli) return null;
  return {
    from,
    text: [cli, ...args].map((a) => (/^[\w@%+=:,./~*-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' '),
  };
}

/** `TOOL WORDS` when this simple command runs a catalogued CLI through a runner; else null. */
export function toolRunnerCommand(words: string[]): { from: string; text: string } | null {
  let w = words;
  const first = (w[0] ?? '').replace(/^.*\//, '').toLowerCase();
  if (PACKAGE_RUNNERS.has(first)) {
    let i = 1;
    while ((w[i] ?? '').startsWith('-')) i++;
    w = w.slice(i);
  }
  const tool = (w[0] ?? '').replace(/^.*\//, '').toLowerCase();
  // bazel run [opts] //pkg/terraform:target -- ARGS
  if (BUILD_SYSTEMS.has(tool)) {
    const run = w.indexOf('run');
    if (run < 0) return null;
    let i = run + 1;
    while ((w[i] ?? '').startsWith('-') && w[i] !== '--') i++;
    const target = w[i] ?? '';
    const cli = named(target);
    return cli ? command(cli, passed(w, i + 1), `${tool} run ${target}`) : null;
  }
  // nx run project:target -- ARGS, nx target project -- ARGS
  if (tool === 'nx') {
    const ops = w.slice(1, w.includes('--') ? w.indexOf('--') : undefined).filter((x) => !x.startsWith('-'));
    const spec = ops[0] === 'run' ? (ops[1] ?? '') : `${ops[1] ?? ''}:${ops[0] ?? ''}`;
    const target = spec.split(':')[1] ?? '';
    const cli = t(target);
    return cli && w.includes('--') ? command(cli, passed(w, 1), `nx run ${spec}`) : null;
  }
  // npm run terraform -- ARGS, task terraform -- ARGS
  if (SCRIPT_RUNNERS.has(tool) || tool === 'task') {
    const ops = w.slice(1, w.includes('--') ? w.indexOf('--') : undefined).filter((x) => !x.startsWith('-'));
    const script = tool === 'task' ? ops[0] : ops[0] === 'run' || ops[0] === 'run-script' ? ops[1] : undefined;
    const cli = script === undefined ? undefined : t(script);
    return cli && w.includes('--') ? command(cli, passed(w, 1), `${tool} ${script ?? ''}`) : null;
  }
  // nix run nixpkgs#terraform -- ARGS
  if (tool === 'nix' && w[1] === 'run') {
    const inst = w.slice(2).find((x) => !x.startsWith('-')) ?? '';
    const cli = inst.includes('#') ? t(inst.slice(inst.indexOf('#') + 1)) : undefined;
    return cli ? command(cli, passed(w, 2), `nix run ${inst}`) : null;
  }
  return null;
}

/** A script or target name that is exactly a catalogued tool (`terraform`, `cdk`, `tf`). */
function t(name: string): string | undefined {
  return toolTable().get(name.toLowerCase());
}

/** The CLI a container image runs as its entrypoint (`hashicorp/terraform:1.7` -> terraform), or undefined. */
export function imageTool(image: string): string | undefined {
  const repo = image
    .toLowerCase()
    .replace(/@sha256:[0-9a-f]+$/, '')
    .replace(/:[\w.-]+$/, '');
  const last = repo.slice(repo.lastIndexOf('/') + 1);
  return t(last);
}

export { command as toolCommand };
