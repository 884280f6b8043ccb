// Two ways a command puts something of this machine's, or the account's money, in front of others:
//   serves-network SERVER ADDRESS   a model inference server (Ollama, vLLM, llama.cpp's server,
//                                   Hugging Face TGI, SGLang, LMDeploy, LocalAI, KoboldCpp, Tabby)
//                                   bound to every interface. These servers have no login by
//                                   default, so whoever reaches the port runs prompts on this
//                                   machine's GPUs and, for Ollama, pulls or deletes its models.
//                                   Bound to loopback (their default) they are local work.
//   gpu-fleet COUNT WORDS           machines with GPUs created by the dozen with one command, by
//                                   any cloud's or GPU market's CLI: a create/run/launch verb, a
//                                   count option of 10 or more and a GPU named (an accelerator
//                                   flag, a GPU instance family, a card's name). The bill is the
//                                   account owner's.
// Sources: Ollama FAQ ("How do I configure Ollama server?": OLLAMA_HOST, default 127.0.0.1:11434),
// vLLM `serve --host`, llama.cpp server `--host` (default 127.0.0.1), TGI launcher `--hostname`,
// SGLang `--host`, LMDeploy `--server-name`; AWS `ec2 run-instances --count`, gcloud `--accelerator`
// and `bulk create --count`, Azure VMSS `--instance-count`/`--new-capacity`, SkyPilot
// `--num-nodes`, vast.ai/RunPod CLIs; GPU families p3/p4/p5/g4/g5/g6 (AWS), a2/a3/g2 (GCP),
// NC/ND/NV (Azure).
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const NETWORK_SERVE_HINT =
  /ollama|vllm|llama-server|llama\.cpp|text-generation-launcher|sglang|lmdeploy|local-ai|localai|koboldcpp|tabby|gpu|h100|a100|v100|h200|l40|accelerator|p4d|p5\.|g5\.|g6\.|a2-|a3-|_nd|_nc/i;

const MODEL_SERVERS =
  /^(?:ollama|vllm|llama-server|server|text-generation-launcher|local-ai|localai|koboldcpp|tabby|lmdeploy)$/;
const MODULE_SERVERS = /^(?:vllm\.entrypoints\.[\w.]+|sglang\.launch_server|llama_cpp\.server|lmdeploy)$/;
const ALL_INTERFACES = /^(?:0\.0\.0\.0|::|\[::\]|\*|0)(?::\d+)?$/;
const HOST_OPTION = /^--?(?:host|hostname|bind|listen|server-name|ip|address)$/;

function servesAll(argv: string[], assigns: { name: string; value: string }[]): string | undefined {
  const env = assigns.find((a) => /^(?:OLLAMA_HOST|HOST|VLLM_HOST)$/.test(a.name) && ALL_INTERFACES.test(a.value));
  if (env) return env.value;
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = /^(--?[\w-]+)=(.*)$/.exec(w);
    const [opt, val] = eq ? [eq[1] ?? '', eq[2] ?? ''] : [w, argv[i + 1] ?? ''];
    if (HOST_OPTION.test(opt) && ALL_INTERFACES.test(val)) return val;
  }
  return undefined;
}

function modelServer(argv: string[]): string | undefined {
  const prog = (argv[0] ?? '').replace(/^.*\//, '').toLowerCase();
  if (/^python[\d.]*$/.test(prog)) {
    const m = argv.indexOf('-m');
    const mod = m > 0 ? (argv[m + 1] ?? '') : '';
    return MODULE_SERVERS.test(mod) ? mod : undefined;
  }
  if (!MODEL_SERVERS.test(prog)) return undefined;
  // llama.cpp's binary is sometimes just `server`: only with a model file given
  if (prog === 'server' && !argv.some((w) => /\.gguf$/i.test(w))) return undefined;
  if (prog === 'ollama' && argv[1] !== 'serve') return undefined;
  return prog;
}

const GPU =
  /gpu|nvidia|h100|h200|a100|a10g?\b|v100|l40s?|\bl4\b|\bt4\b|accelerator|^(?:p[345]|g[456]|g5g|p4de?)\.\w+|^(?:a[23]|g2)-\w+|standard_n[cdv]\w*/i;
const COUNT_OPTION =
  /^--?(?:count|num|num-nodes|nodes|instance-count|min-count|max-count|new-capacity|desired-capacity|capacity|node-count|replicas|num-instances|gpu-count-nodes)$/;
const CREATE_VERB = /^(?:run-instances|create|launch|up|run|scale|rent|deploy|start|bulk|new)$/i;

function gpuFleet(argv: string[]): number | undefined {
  if (!argv.slice(1, 5).some((w) => CREATE_VERB.test(w))) return undefined;
  if (!argv.some((w) => GPU.test(w))) return undefined;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = /^(--?[\w-]+)=(\d+)$/.exec(w);
    const [opt, val] = eq ? [eq[1] ?? '', eq[2] ?? ''] : [w, argv[i + 1] ?? ''];
    if (COUNT_OPTION.test(opt) && /^\d+$/.test(val) && Number(val) >= 10) return Number(val);
  }
  return undefined;
}

export function networkServeEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const server = modelServer(c.argv);
    const addr = server ? servesAll(c.argv, c.assigns) : undefined;
    if (server && addr)
      out.push({
        tool: 'exec',
        command: `serves-network ${server} ${addr.replace(/[^\w.:*[\]-]/g, '_')}`,
        via: `${server} serves models on every interface (${addr}), with no login`,
      });
    const n = gpuFleet(c.argv);
    if (n !== undefined)
      out.push({
        tool: 'exec',
        command: `gpu-fleet ${n} ${c.argv
          .slice(0, 4)
          .join(' ')
          .replace(/[^\w .:/=-]/g, '_')}`,
        via: `${c.argv[0]} starts ${n} machines with GPUs`,
      });
  }
}
