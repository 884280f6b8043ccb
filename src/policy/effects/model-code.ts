// Models whose repository's own Python runs on load: transformers' `trust_remote_code=True`
// (and the `--trust-remote-code` flag of vLLM, lm-eval, sentence-transformers and TGI) imports
// the modelling code shipped in the model repository. From a vendor's organisation that code is
// the vendor's release; from any other owner it is code fetched and run on the spot, asked as
// `runs-unlisted huggingface OWNER/NAME`. The organisations are a catalogue
// (policies/catalogues/supply-chain.yaml, model-owners).
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { supplyData } from './supply-data.js';

/** The line's gate: trust_remote_code switched on, in code or as a flag. */
export const MODEL_CODE_HINT = /trust[_-]remote[_-]code/i;

const ON = /trust_remote_code\s*[=:]\s*["']?true|--trust[_-]remote[_-]code(?!\s*[= ]\s*(?:false|0)\b)/i;

/** owner/name tokens: quoted, after model=/pretrained=, or a bare operand (vllm serve o/n). */
const MODEL_ID =
  /(?:["'`]|\bpretrained=|\bmodel(?:_name_or_path)?\s*=\s*|\bserve\s+|--model(?:[= ]))([A-Za-z0-9][\w.-]*)\/([\w.-]+)(?=["'`,\s)]|$)/g;

export function modelCodeEffects(text: string, out: Effect[]): void {
  if (!ON.test(text)) return;
  const owners = supplyData().modelOwners;
  for (const m of text.matchAll(MODEL_ID)) {
    const owner = (m[1] ?? '').toLowerCase();
    const name = m[2] ?? '';
    if (!owner || !name || /^(?:\.|home|tmp|users|mnt|data)$/.test(owner) || owners.includes(owner)) continue;
    out.push(
      dependency(
        ['runs-unlisted', 'huggingface', `${m[1] ?? ''}/${name}`],
        `loads ${m[1] ?? ''}/${name} with trust_remote_code, running the Python in its repository`,
      ),
    );
  }
}
