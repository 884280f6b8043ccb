// Machine-learning code read for what it does. Hugging Face Hub calls are read as the CLI
// command they amount to (huggingface_hub's HfApi reference: upload_folder/upload_file send a
// local folder or file to a repository, delete_repo/delete_file delete on the Hub), so the
// rules that judge `huggingface-cli upload REPO PATH` judge the same upload written as code.
// Loaders that run code hidden in the file they load. Pickle-based formats execute whatever
// their author put in them on load (Python's pickle documentation: "never unpickle data from an
// untrusted source"): pickle/cPickle/dill/cloudpickle/joblib .load, pandas.read_pickle,
// numpy.load with allow_pickle=True, and torch.load unless weights_only=True (PyTorch's
// serialization notes). Each load is read as the sentence `loads-code PATH`, so a policy can
// judge where the file comes from (a temp folder, a download, a URL) rather than the spelling.
import type { Effect } from '../types.js';
import { argValue, literalValue, skipBrackets, splitArgs } from './literals.js';

const LOADER =
  /\b(pickle|cPickle|_pickle|dill|cloudpickle|joblib|pandas|torch|numpy)\s*\.\s*(load|loads|read_pickle)\s*\(/g;

/** The first string literal of an argument list, looking inside nested calls (open('/tmp/x','rb')). */
function firstPath(args: string): string | undefined {
  const first = splitArgs(args)[0]?.trim();
  if (first === undefined) return undefined;
  const direct = literalValue(first);
  if (direct !== undefined) return direct;
  const inner = /^[\w.]+\s*\(\s*(['"])([^'"]*)\1/.exec(first);
  return inner?.[2];
}

/** `loads-code PATH` for each pickle-based load of a file or URL named in `code` (canonical). */
export function loaderEffects(code: string, via: string): Effect[] {
  if (!/load|read_pickle/.test(code)) return [];
  const out: Effect[] = [];
  LOADER.lastIndex = 0;
  for (let m = LOADER.exec(code); m && out.length < 8; m = LOADER.exec(code)) {
    const [, mod = '', fn = ''] = m;
    // loads() takes bytes, not a file: the network case is read elsewhere (a fetch then loads)
    if (fn === 'loads') continue;
    if (fn === 'read_pickle' ? mod !== 'pandas' : mod === 'pandas') continue;
    const open = m.index + m[0].length - 1;
    const args = code.slice(open + 1, Math.max(open + 1, skipBrackets(code, open) - 1));
    if (mod === 'numpy' && !/allow_pickle\s*=\s*True/.test(args)) continue;
    if (mod === 'torch' && /weights_only\s*=\s*True/.test(args)) continue;
    const path = firstPath(args);
    if (path === undefined || !path.trim()) continue;
    out.push({
      tool: 'exec',
      command: `loads-code ${path}`,
      via: `${via} loads ${path} with ${mod}.${fn}, which runs code in the file`,
    });
  }
  return out;
}

/** `name=value`, the way Python passes a keyword argument. */
const KEYWORD_ARG = /^\s*(\w+)\s*=\s*([\s\S]+)$/;

/** A keyword argument's literal value (`folder_path="x"`), or the positional one at `pos`. */
function argNamed(args: string[], name: string, pos: number): string | undefined {
  for (const a of args) {
    const m = KEYWORD_ARG.exec(a);
    if (m?.[1] === name) return argValue(m[2]);
  }
  const p = args[pos];
  return p !== undefined && !KEYWORD_ARG.test(p) ? argValue(p) : undefined;
}

/** Each call of a function RE names (its group 1) in `code`, with its arguments split. */
function* callsOf(code: string, re: RegExp): Generator<{ fn: string; args: string[] }> {
  re.lastIndex = 0;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const open = m.index + m[0].length - 1;
    yield { fn: m[1] ?? '', args: splitArgs(code.slice(open + 1, Math.max(open + 1, skipBrackets(code, open) - 1))) };
  }
}

const HUB_CALL = /\b(upload_folder|upload_file|upload_large_folder|delete_repo|delete_file|delete_folder)\s*\(/g;

/** `huggingface-cli upload REPO PATH` / `huggingface-cli repo delete REPO` for Hub calls in `code`. */
/**
 * `push_to_hub(REPO)` of a transformers model or tokenizer, a Trainer, or a datasets Dataset
 * (each library's reference: it creates the repository, public unless `private=True`, and
 * uploads the object): read as the upload of what the code loaded (`data_files=...`, a
 * `from_pretrained`/`load_from_disk` folder) or of the working folder.
 */
/** timm's `push_to_hf_hub(model, REPO)` is the same upload. */
const PUSH_CALL = /\.push_to_hub\s*\(|\bpush_to_hf_hub\s*\(/g;

function pushEffects(code: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const { args } of callsOf(code, PUSH_CALL)) {
    if (out.length >= 4) break;
    const repo = (argNamed(args, 'repo_id', 0) ?? 'REPO').replace(/[^\w./-]/g, '_');
    const source =
      /\bdata_files\s*=\s*["']([^"']+)["']/.exec(code)?.[1] ??
      /\b(?:load_from_disk|from_pretrained|read_csv|read_json|read_parquet)\(\s*["']([^"']+)["']/.exec(code)?.[1] ??
      '.';
    const command = `huggingface-cli upload ${repo} ${source.replace(/[^\w@%+=:,./~-]/g, '_')}`;
    out.push({ tool: 'exec', command, via: `${via} pushes ${source} to the Hub (as \`${command}\`)` });
  }
  return out;
}

export function hubEffects(code: string, via: string): Effect[] {
  if (/push_to_h(?:f_)?ub/.test(code)) return [...pushEffects(code, via), ...hubUploads(code, via)];
  return hubUploads(code, via);
}

function hubUploads(code: string, via: string): Effect[] {
  if (!/huggingface_hub|HfApi/.test(code)) return [];
  const out: Effect[] = [];
  for (const { fn, args } of callsOf(code, HUB_CALL)) {
    if (out.length >= 8) break;
    const repo = (argNamed(args, 'repo_id', fn.startsWith('delete_repo') ? 0 : -1) ?? 'REPO').replace(/[^\w./-]/g, '_');
    if (fn.startsWith('push_to_h')) {
      const target = (argNamed(args, 'repo_id', fn === 'push_to_hf_hub' ? 1 : 0) ?? 'REPO').replace(/[^\w./-]/g, '_');
      const command = `huggingface-cli upload ${target} .`;
      out.push({ tool: 'exec', command, via: `${via} pushes an object to the Hub with ${fn} (as \`${command}\`)` });
    } else if (fn.startsWith('upload')) {
      const local = argNamed(args, fn === 'upload_file' ? 'path_or_fileobj' : 'folder_path', 0) ?? '.';
      const command = `huggingface-cli upload ${repo} ${local.replace(/[^\w@%+=:,./~-]/g, '_')}`;
      out.push({ tool: 'exec', command, via: `${via} uploads ${local} to the Hub (as \`${command}\`)` });
    } else {
      const command =
        fn === 'delete_repo' ? `huggingface-cli repo delete ${repo}` : `huggingface-cli repo-files ${repo} delete`;
      out.push({ tool: 'exec', command, via: `${via} calls ${fn} on ${repo} (as \`${command}\`)` });
    }
  }
  return out;
}

/** Model-registry calls that move a version into serving (MLflow MlflowClient reference). */
const PROMOTE_CALL = /\b(transition_model_version_stage|set_registered_model_alias)\s*\(/g;
/** Stage and alias names that mean the version users get. */
const LIVE_STAGE = /^(?:production|prod|live|champion)$/i;

/**
 * MLflow promotions: `transition_model_version_stage(name, version, 'Production')` and
 * `set_registered_model_alias(name, 'champion', version)` change which model version production
 * serves, as a deploy does. Read as `cli-change-prod mlflow NAME STAGE` (asked by production-changes).
 */
export function registryEffects(code: string, via: string): Effect[] {
  if (!/mlflow|MlflowClient/.test(code)) return [];
  const out: Effect[] = [];
  for (const { fn, args } of callsOf(code, PROMOTE_CALL)) {
    if (out.length >= 4) break;
    const stage = fn === 'transition_model_version_stage' ? argNamed(args, 'stage', 2) : argNamed(args, 'alias', 1);
    if (!stage || !LIVE_STAGE.test(stage)) continue;
    const name = (argNamed(args, 'name', 0) ?? 'MODEL').replace(/[^\w./-]/g, '_');
    out.push({
      tool: 'exec',
      command: `cli-change-prod mlflow ${name} ${stage}`,
      via: `${via} promotes model ${name} to ${stage} (${fn})`,
    });
  }
  return out;
}
