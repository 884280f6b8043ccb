// A stored credential printed or exported by a subcommand named for it, whatever the tool: the
// noun of the subcommand path says what is handed over (a token, OAuth grant, credentials,
// password, API key, private key, recovery key, cookie) and its verb that it is handed over
// (print, show, get, reveal, decrypt; export, dump, download, extract):
//   gam oauth export ~/Downloads/o.txt        acme tokens dump           acme print-token
//   acme credentials show --profile prod      acme keys export validator acme auth export
// The same holds for a tool svc has never heard of, because CLIs name their subcommands after
// what they do (cobra, click, oclif and clap command trees; GAM, the Cosmos SDK's `keys export`,
// rclone, `mc alias export`, 1Password/Bitwarden/LastPass `export`). Printed into the
// conversation it is exposed (denied); written to a file it is a copy of the credential outside
// the store that guarded it (asked). Captured by `$(...)` or piped into the login that takes it,
// it is used, not shown. Listings (`token list`), issuing (`token create`: secret-minting) and
// the kubeconfig idiom `get-credentials` are other readings' or no one's.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

/** Nouns that are a credential by themselves. */
const CREDENTIAL =
  /^(?:tokens?|oauth2?|oauth2?-tokens?|access-tokens?|refresh-tokens?|id-tokens?|auth-tokens?|api-tokens?|bearer-tokens?|session-tokens?|credentials?|creds?|passwords?|passwd|passphrases?|apikeys?|api-keys?|secret-keys?|private-keys?|privkeys?|mnemonics?|seed-phrases?|recovery-keys?|recovery-codes?|backup-codes?|cookies?|jwts?|client-secrets?|connection-strings?|app-passwords?|pats?)$/;
/** Nouns that hold credentials only when exported or dumped whole (`auth export`, `keys export NAME`). */
const HOLDER = /^(?:auth|sessions?|logins?|keys?|keyring|keychain|wallets?|vault)$/;
/** Plural nouns whose `print`/`show` lists the grants (a client, a scope, a date), as `gam print tokens` does. */
const LISTED = /^(?:tokens|[a-z]+-tokens|api-?keys|apikeys|cookies|passwords|pats)$/;
/** Verbs that print what they name. */
const PRINT = /^(?:print|show|get|cat|display|view|read|reveal|decrypt|unmask|output)$/;
/** Verbs that hand the whole of it over, to standard output or a file. */
const EXPORT = /^(?:export|dump|download|extract)$/;
/** One word spelling both: `print-token`, `export_credentials`, `get-access-token`, `token-export`. */
const JOINED =
  /^(?:(print|show|get|cat|display|reveal|decrypt|export|dump|download|extract)[-_](?:[a-z]+[-_]){0,2}([a-z0-9]+)|([a-z0-9]+(?:[-_][a-z0-9]+)?)[-_](print|show|reveal|export|dump))$/;

/**
 * Programs whose positional words are operands, not a subcommand path (a pattern, a file, text),
 * and tools read elsewhere: git credential helpers (secret-helpers.ts), the cloud CLIs' token
 * printers (exposure.ts), kubectl/helm secrets (secret-selectors.ts), local key generators.
 */
const NOT_A_TREE = new Set(
  'echo printf print grep egrep fgrep rg ag ack sed awk gawk cat less more head tail ls find cp mv rm mkdir touch chmod chown ln tar zip unzip man info which whereis type command help tldr apropos locate sort uniq wc cut tr tee xargs test jq yq git svn hg kubectl oc helm aws az gcloud gh ssh-keygen gpg gpg2 apt-key rpm age-keygen wg openssl keytool step npm npx pnpm yarn bun make just task rake invoke nox tox poetry uv pip pip3 python python3 node ruby perl php bash sh zsh pwsh powershell cmd docker podman exposes-secret may-expose-secret secret-reveal cli-env-values'.split(
    ' ',
  ),
);

/** Options naming the file an export is written to. */
const OUT_OPTION = /^(?:-o|--out|--output|--output-file|--outfile|--file|-f|--to|--dest|--destination)$/;

interface Found {
  /** The words that named it: `oauth export`, `print-token`. */
  what: string;
  /** export/dump: the whole store handed over (a file operand is where it goes). */
  whole: boolean;
  /** Positional words after the subcommand (a file it is written to). */
  rest: string[];
}

/** The credential a subcommand path hands over, if any. */
function handed(argv: string[]): Found | undefined {
  const tool = basename(argv[0] ?? '').toLowerCase();
  if (!/^[a-z][a-z0-9._-]*$/.test(tool) || NOT_A_TREE.has(tool)) return undefined;
  if (argv.some((w) => /^(?:--help|-h|help|--dry-run)$/.test(w))) return undefined;
  // the subcommand path: plain words among the first positionals (an account, an id or an
  // address between them is an operand: `gam user a@b.org print tokens`)
  const pos: { w: string; i: number }[] = [];
  for (let i = 1; i < argv.length && pos.length < 6; i++) {
    const w = argv[i] ?? '';
    if (w === '--') break;
    if (w.startsWith('-')) continue;
    pos.push({ w, i });
  }
  const words = pos.flatMap(({ w, i }) =>
    /^[A-Za-z][A-Za-z0-9_:-]*$/.test(w)
      ? w
          .toLowerCase()
          .split(':')
          .filter(Boolean)
          .map((p) => ({ w: p, i }))
      : [],
  );
  for (let k = 0; k < words.length && k < 5; k++) {
    const w = words[k]?.w ?? '';
    const j = JOINED.exec(w);
    if (j) {
      const verb = j[1] ?? j[4] ?? '';
      const noun = j[2] ?? j[3] ?? '';
      // `get-credentials` writes a kubeconfig (gcloud, az aks); `*-login-password` is exposure.ts's
      if (/^get[-_]credentials$/.test(w) || /login/.test(w)) continue;
      if (!CREDENTIAL.test(noun) && !CREDENTIAL.test(noun.replace(/_/g, '-'))) continue;
      return { what: w, whole: EXPORT.test(verb), rest: argv.slice((words[k]?.i ?? 0) + 1) };
    }
    const near = [words[k + 1], words[k - 1]];
    for (const v of near) {
      if (!v) continue;
      const credential = CREDENTIAL.test(w);
      if (!credential && !HOLDER.test(w)) continue;
      if (EXPORT.test(v.w) || (credential && !LISTED.test(w) && PRINT.test(v.w))) {
        const last = Math.max(words[k]?.i ?? 0, v.i);
        return {
          what: words[k - 1] === v ? `${v.w} ${w}` : `${w} ${v.w}`,
          whole: EXPORT.test(v.w),
          rest: argv.slice(last + 1),
        };
      }
    }
  }
  return undefined;
}

/** Where an export is written: an output option's value, or a file operand after the subcommand. */
function writtenTo(c: SimpleCommand, f: Found): string | undefined {
  for (let i = 1; i < c.argv.length; i++) {
    const w = c.argv[i] ?? '';
    if (OUT_OPTION.test(w) && c.argv[i + 1] && c.argv[i + 1] !== '-') return c.argv[i + 1];
    const m = /^--(?:out|output|output-file|outfile|file)=(.+)$/.exec(w);
    if (m && m[1] !== '-') return m[1];
  }
  const redirect = c.redirs.find(
    (r) => (r.op === '>' || r.op === '>>' || r.op === '>|' || r.op === '&>') && !/^(?:\/dev\/|&[12])/.test(r.target),
  );
  if (redirect) return redirect.target;
  if (!f.whole) return undefined;
  return f.rest.find((w) => !w.startsWith('-') && /[/\\]|\.\w{2,5}$/.test(w));
}

/**
 * The exposures of credentials handed over by subcommands: `exposes-secret` when printed,
 * `may-expose-secret` when written to a file. `printedFrom` says whether the command's output
 * ends in the conversation (exposure.ts follows the pipe); `capturedBy` whether `$(...)` takes it.
 */
export function credentialExports(
  cmds: SimpleCommand[],
  out: Effect[],
  printedFrom: (c: SimpleCommand) => boolean,
  capturedBy: (c: SimpleCommand) => boolean,
): void {
  for (const c of cmds) {
    const f = handed(c.argv);
    if (!f || capturedBy(c)) continue;
    const name = basename(c.argv[0] ?? '');
    const file = writtenTo(c, f);
    const what = `${name} ${f.what}`.replace(/[^\w@/.:~+=,-]/g, '_');
    if (file !== undefined)
      out.push({
        tool: 'exec',
        command: `may-expose-secret copies-credential ${what.replace(/ /g, '-')}`,
        via: `${name} ${f.what} writes a stored credential into ${file}, a copy outside the store that guards it`,
      });
    else if (printedFrom(c))
      out.push({
        tool: 'exec',
        command: `exposes-secret prints-credential ${what.replace(/ /g, '-')}`,
        via: `${name} ${f.what} prints a stored credential into the conversation`,
      });
  }
}
