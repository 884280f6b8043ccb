// A remote procedure whose name says it hands out or unlocks key material, whatever node, wallet
// or daemon answers it and however it is called: a JSON-RPC or XML-RPC body sent by any HTTP
// client or the fetch tool (`{"method": "personal_unlockAccount"}`, `{"method": "dumpprivkey"}`,
// `<methodName>wallet.exportKey</methodName>`), an RPC command-line client whose subcommand is
// the method (`bitcoin-cli dumpwallet`, `cast rpc personal_unlockAccount`, `x-cli exportRawKey`),
// or a console given the call to run (`geth attach --exec 'personal.unlockAccount(...)'`).
// A dumped key or seed is printed into the conversation; an unlocked account signs for whoever
// reaches the node next, which on a shared RPC port is anyone. Read from the words of the method
// name: a dump or export of a private key, seed, mnemonic, wallet or keystore, a private key got,
// shown or revealed, an account, wallet or keystore unlocked, a wallet's passphrase handed over;
// a listing asked for its private parts (`listdescriptors true`, `"private": true`).
// Names of public halves (`getPublicKey`, `exportpubkey`) and of key creation, import, locking
// and password changes are not these. Read as `exposes-secret key-method NAME by PROGRAM`, which
// the secret-exposure policy denies. Sources for the example names: Bitcoin Core RPC reference
// (dumpprivkey, dumpwallet, walletpassphrase, listdescriptors private=true), go-ethereum's
// personal namespace (personal_unlockAccount, personal_exportRawKey in clef and older geth),
// Hedera/NEAR/Solana wallet daemons' export methods.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { basename } from '../shell-wrappers.js';

/** Words a key-handing method name holds, its separators taken out and lower-cased. */
const KEY_METHOD =
  /dump(?:priv|private|secret|seed|wallet|keys?|mnemonic|keystore)|(?:get|export|show|reveal|read|print|list|fetch)(?:raw)?(?:priv|private|secret)(?:ate)?keys?|privkey|privatekey|exportraw(?:key|account)|(?:export|reveal|show|get|print)(?:mnemonic|seedphrase|seed$|keystore)|(?:export|dump|reveal)(?:wallet|account)(?:key|seed|$)|export(?:raw)?keys?$|(?:keystore|wallet|keys?|seed|mnemonic)(?:export|dump|reveal)|unlock(?:account|wallet|keystore|keys?)|(?:wallet|keystore|account|keys?)unlock$|walletpassphrase$|^mnemonic$/;
/** Names of public halves and of keys made, imported, locked or re-passworded. */
const NOT_KEY_METHOD =
  /pub(?:lic)?key|import|change|create|generate|new(?:account|key)|lockunspent|setpass|passphrasechange/;

/** The name as its words run together (`personal_unlockAccount` -> personalunlockaccount). */
function flat(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether a method or subcommand name hands out or unlocks key material. */
export function isKeyMethod(name: string): boolean {
  const f = flat(name);
  return f.length >= 6 && KEY_METHOD.test(f) && !NOT_KEY_METHOD.test(f);
}

/** The line's cheap gate: a word of such a name, or a private listing. */
export const KEY_METHOD_HINT = /unlock|dump|priv|export|reveal|mnemonic|seed|passphrase|descriptors/i;

/** HTTP clients that send a body given on the command line (http-sql.ts reads the same). */
const CLIENTS = new Set(['curl', 'wget', 'http', 'https', 'xh', 'xhs', 'curlie', 'invoke-restmethod', 'irm', 'iwr']);
const BODY =
  /^(?:-d|--data|--data-raw|--data-binary|--data-urlencode|--data-ascii|--json|--post-data|--body-data|-Body)$/;
/** Options that hand a console the code or command to run. */
const CODE_OPTION = /^(?:--exec|--execute|--eval|-e|-x|--cmd|--command)$/;
/** Programs whose -e/-c code is a language other readings read, and shells. */
const NOT_CONSOLE = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'fish',
  'pwsh',
  'powershell',
  'python',
  'python3',
  'node',
  'perl',
  'ruby',
  'php',
  'deno',
  'bun',
  'sed',
  'grep',
  'egrep',
  'rg',
  'ag',
  'awk',
  'gawk',
  'jq',
  'echo',
  'printf',
  'git',
  'docker',
  'kubectl',
  'psql',
  'mysql',
  'mongosh',
  'mongo',
  'sqlite3',
  'redis-cli',
]);
/** Programs that only show or search text: a method name in their words is not called. */
const TEXT_ONLY =
  /^(?:echo|printf|grep|egrep|fgrep|rg|ag|ack|git|less|more|man|cat|head|tail|sed|awk|jq|yq|tee|wc|sort|uniq)$/;

/** Method names a request body carries: JSON-RPC `"method": "X"` (one or a batch), XML-RPC `<methodName>X`. */
function bodyMethods(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\\?"method\\?"\s*:\s*\\?"([\w.:/-]+)\\?"/g)) out.push(m[1] ?? '');
  for (const m of text.matchAll(/<methodName>\s*([\w.:/-]+)\s*<\/methodName>/gi)) out.push(m[1] ?? '');
  return out;
}

/** A body that asks a listing for its private parts: `"private": true`, `private=true`, `[true]` after a descriptors method. */
function privateListing(text: string, methods: string[]): boolean {
  if (/\\?"private\\?"\s*:\s*true\b|\bprivate=true\b/i.test(text)) return true;
  return methods.some((m) => /descriptors$/i.test(m)) && /\\?"params\\?"\s*:\s*\[\s*true\b/.test(text);
}

/** The calls a console's code makes: `personal.unlockAccount(` -> personal.unlockAccount. */
function codeCalls(code: string): string[] {
  return [...code.matchAll(/([A-Za-z_][\w.]*)\s*\(/g)].map((m) => m[1] ?? '');
}

function finding(name: string, program: string): Effect {
  const clean = name.replace(/[^\w.:/-]/g, '').slice(0, 60);
  return {
    tool: 'exec',
    command: `exposes-secret key-method ${clean} by ${program}`,
    via: `${program} calls ${clean}, which hands out or unlocks key material`,
  };
}

export function keyMethodEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    if (!name || TEXT_ONLY.test(name)) continue;
    if (CLIENTS.has(name)) {
      for (let i = 1; i < a.length; i++) {
        const w = a[i] ?? '';
        const eq = /^(--[\w-]+)=(.*)$/s.exec(w);
        const body = eq && BODY.test(eq[1] ?? '') ? (eq[2] ?? '') : BODY.test(w) ? (a[++i] ?? '') : '';
        if (!body) continue;
        const methods = bodyMethods(body);
        const hit = methods.find(isKeyMethod);
        if (hit) out.push(finding(hit, name));
        else if (methods.length && privateListing(body, methods)) out.push(finding(`${methods[0]} private`, name));
      }
      continue;
    }
    // an RPC client's subcommand is the method: the first positional words, not files or URLs
    const positional: string[] = [];
    for (let i = 1; i < a.length && positional.length < 3; i++) {
      const w = a[i] ?? '';
      if (w === '--') break;
      if (CODE_OPTION.test(w) && !NOT_CONSOLE.has(name)) {
        const code = a[++i] ?? '';
        const hit = codeCalls(code).find(isKeyMethod);
        if (hit) out.push(finding(hit, name));
        continue;
      }
      if (w.startsWith('-')) continue;
      positional.push(w);
    }
    // `bitcoin-cli help dumpprivkey`, `x-cli dumpwallet --help`: the method's usage, not a call
    if (positional[0] === 'help' || a.some((w) => w === '--help' || w === '-h' || w === '-help')) continue;
    const method = positional.find(
      (w) => /^[A-Za-z][\w.:-]*$/.test(w) && !/\.[a-z0-9]{1,5}$/i.test(w) && isKeyMethod(w),
    );
    if (method) out.push(finding(method, name));
    else {
      // `listdescriptors true`: a descriptors listing asked for its private keys by a bare true
      const d = positional.findIndex((w) => /^list\w*descriptors$/i.test(w));
      if (d >= 0 && positional.slice(d + 1).some((w) => /^(?:true|private=true)$/i.test(w)))
        out.push(finding(`${positional[d]} private`, name));
    }
  }
}
