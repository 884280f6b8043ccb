// Records that stand for real resources, and data tools that rebuild or drop what they manage.
// `terraform state push` replaces the remote state with a local file: pushed with -force (lineage
// and serial checks skipped) or from an empty or temporary file, the record of every resource
// is gone and the next apply creates or destroys against nothing. dbt runs warehouse changes
// by target: `--full-refresh` rebuilds incremental models from scratch (their history is
// dropped), and `run-operation` runs a project macro, whose name says what it does
// (drop_schema, drop_old_relations, truncate_*, purge_*). Aimed at production (`--target prod`,
// `-t prd`, DBT_TARGET=prod) these are `data-reset prod dbt ...` or `data-rebuild prod dbt ...`;
// a macro that drops, run without a target shown, is `data-wipe-code dbt ...`; dev targets and
// macros called with dry_run: true give nothing. Sources: Terraform CLI `state push`
// (-force), OpenTofu and Terragrunt (same commands), dbt command reference (--full-refresh,
// --target/-t, run-operation --args), dbt_project macros commonly named for drops.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const INFRA_STATE_PROGRAMS: readonly string[] = ['terraform', 'tofu', 'terragrunt', 'dbt'];

const PROD = /(?:^|[^A-Za-z])(?:prod|production|prd|live)(?:[^A-Za-z]|$)/i;
const DEV = /(?:^|[^A-Za-z])(?:dev|devel|development|test|testing|local|ci|sandbox|scratch)(?:[^A-Za-z]|$)/i;

/** Words after the program, past its global options (`terraform -chdir=infra state push`). */
function subcommand(argv: string[]): string[] {
  let i = 1;
  while (i < argv.length && (argv[i] ?? '').startsWith('-')) i++;
  return argv.slice(i);
}

function terraformState(name: string, argv: string[], out: Effect[]): void {
  const words = subcommand(argv);
  if (words[0] === 'run-all') words.shift();
  if (words[0] !== 'state' || words[1] !== 'push') return;
  const rest = words.slice(2);
  if (rest.some((w) => w === '-h' || w === '-help' || w === '--help')) return;
  const force = rest.some((w) => w === '-force' || w === '--force' || w === '-force=true');
  const file = rest.find((w) => !w.startsWith('-'));
  const empty = file !== undefined && (/^\/dev\/null$|^\/tmp\/|empty|blank/i.test(file) || file === '-');
  out.push({
    tool: 'exec',
    command: `state-overwrite ${force || empty ? 'forced' : 'checked'} ${name} state push ${rest.join(' ')}`.trim(),
    via: `${name} state push replaces the remote state${force ? ' without its lineage and serial checks' : ''}`,
  });
}

/** The target a dbt line names: its --target/-t option or DBT_TARGET. */
function dbtTarget(argv: string[], assigns: { name: string; value: string }[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--target' || w === '-t') return argv[i + 1];
    if (w.startsWith('--target=')) return w.slice(9);
  }
  return assigns.find((a) => a.name === 'DBT_TARGET')?.value;
}

/** Macro names that drop, delete, truncate or purge what they are given. */
const DROP_MACRO = /(?:^|_)(?:drop|delete|truncate|purge|wipe|nuke|destroy|remove|clean|cleanup|reset)(?:_|$)/i;

function dbt(argv: string[], assigns: { name: string; value: string }[], out: Effect[]): void {
  const words = subcommand(argv);
  const sub = words[0] ?? '';
  const target = dbtTarget(argv, assigns);
  const prod = target !== undefined && PROD.test(target);
  const dev = target !== undefined && !prod && DEV.test(target);
  if (dev) return;
  if (/^(?:run|build|seed|snapshot)$/.test(sub) && argv.includes('--full-refresh') && prod)
    out.push({
      tool: 'exec',
      command: `data-rebuild prod dbt ${words.join(' ')}`,
      via: `dbt ${sub} --full-refresh rebuilds production models from scratch, dropping their history`,
    });
  if (sub !== 'run-operation') return;
  const macro = words[1] ?? '';
  if (!DROP_MACRO.test(macro)) return;
  const args = argv.slice(argv.indexOf('--args') + 1)[0] ?? '';
  if (argv.includes('--args') && /dry_run['"]?\s*:\s*(?:true|True)/.test(args)) return;
  out.push(
    prod
      ? {
          tool: 'exec',
          command: `data-reset prod dbt run-operation ${macro}`,
          via: `dbt runs the macro ${macro} against the production target`,
        }
      : {
          tool: 'exec',
          command: `data-wipe-code dbt run-operation ${macro}`,
          via: `dbt runs the macro ${macro}, named for dropping or deleting warehouse objects, on the target its profile sets`,
        },
  );
}

export function infraStateEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (name === 'dbt') dbt(c.argv, c.assigns, out);
    else if (name === 'terraform' || name === 'tofu' || name === 'terragrunt') terraformState(name, c.argv, out);
  }
}
