// Models whose repository's own Python runs on load: transformers' `trust_remote_code=True`
// (and the `--trust-remote-code` flag of vLLM, lm-eval, sentence-transformers and TGI) imports
// the modelling code shipped in the model repository. From a vendor's organisation that code is
// the vendor's release; from any other owner it is code fetched and run on the spot, asked as
// `runs-unlisted huggingface OWNER/NAME`. The organisations are a catalogue
// (policies/catalogues/supply-chain.yaml, model-owners).
// `torch.hub.load('OWNER/REPO[:REF]', ...)` is the same on GitHub: it downloads the repository and
// imports its hubconf.py (pytorch.org/docs, torch.hub), unless `source='local'` names a folder. The
// publishers of the hub models PyTorch lists (pytorch, facebookresearch, ultralytics, NVIDIA,
// intel-isl, snakers4, huggingface) and any owner a catalogue knows pass.
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { isKnownOwner, supplyData } from './supply-data.js';

/** The line's gate: trust_remote_code switched on, in code or as a flag. */
export const MODEL_CODE_HINT = /trust[_-]remote[_-]code|\bhub\.load\s*\(/i;

const HUB_OWNERS =
  /^(?:pytorch|facebookresearch|ultralytics|nvidia|intel-isl|snakers4|huggingface|datvuthanh|mateuszbuda|nicolalandro|hustvl)$/;
const HUB_LOAD = /\bhub\.load\s*\(\s*(?:repo_or_dir\s*=\s*)?["']([\w.-]+)\/([\w.-]+?)(?::[\w./-]+)?["']([^)]*)\)/g;

function hubLoads(text: string, out: Effect[]): void {
  for (const m of text.matchAll(HUB_LOAD)) {
    const owner = (m[1] ?? '').toLowerCase();
    if (HUB_OWNERS.test(owner) || isKnownOwner(owner) || /source\s*=\s*["']local/.test(m[3] ?? '')) continue;
    out.push(
      dependency(
        ['runs-unlisted', 'torchhub', `${m[1] ?? ''}/${m[2] ?? ''}`],
        `torch.hub.load runs the hubconf.py of github.com/${m[1] ?? ''}/${m[2] ?? ''}`,
      ),
    );
  }
}

const ON = /trust_remote_code\s*[=:]\s*["']?true|--trust[_-]remote[_-]code(?!\s*[= ]\s*(?:false|0)\b)/i;

/** owner/name tokens: quoted, after model=/pretrained=, or a bare operand (vllm serve o/n). */
const MODEL_ID =
  /(?:["'`]|\bpretrained=|\bmodel(?:_name_or_path)?\s*=\s*|\bserve\s+|--model(?:[= ]))([A-Za-z0-9][\w.-]*)\/([\w.-]+)(?=["'`,\s)]|$)/g;

export function modelCodeEffects(text: string, out: Effect[]): void {
  hubLoads(text, out);
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
