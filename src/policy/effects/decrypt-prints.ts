// A decryption whose plaintext lands in the conversation, whatever the tool: what was encrypted
// was encrypted because it is secret, so the effect is the same whether gpg, age, sops, openssl,
// ansible-vault, a cloud KMS or Vault's transit engine did it. Each tool's reference gives how it
// is asked to decrypt and where the plaintext goes:
//   gpg/gpg2 -d|--decrypt (stdout unless -o/--output), age/rage -d|--decrypt (stdout unless
//   -o/--output), sops -d|--decrypt (stdout unless --output or -i), openssl enc|CIPHER -d,
//   smime|cms|pkeyutl|rsautl -decrypt (stdout unless -out), ansible-vault view and decrypt
//   --output - (decrypt alone rewrites the file in place), ccrypt -c|--cat and ccat, scrypt dec
//   (stdout without an output file), ejson decrypt (stdout unless -o), hiera-eyaml's eyaml decrypt,
//   aws kms decrypt (the JSON
//   answer carries Plaintext), gcloud kms decrypt --plaintext-file - , az keyvault key decrypt,
//   vault write TRANSIT/decrypt/KEY, step crypto jwe decrypt, kubeseal --recovery-unseal.
// Written to a file, piped into a program that uses it (`gpg -d backup.tar.gpg | tar x`) or
// captured into a variable, the plaintext is not printed: the same pipe-following as a printed
// secret variable decides that (exposure.ts endsPrinted).
import { basename } from '../shell-wrappers.js';
import type { SimpleCommand } from './walk.js';

type Reading = { decrypts: boolean; output?: string };

/** Example and template files (`vault.yml.example`, `secrets.yml.sample`), as `cp .env.example .env` reads them (programs.ts). */
const TEMPLATE = /\.(?:example|sample|template|dist|tmpl|tpl)$/i;

/** The value of an option spelled `-o X`, `--output X` or `--output=X`, among `names`. */
function optionValue(argv: string[], names: string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    for (const n of names) {
      if (w === n) return argv[i + 1] ?? '';
      if (n.startsWith('--') && w.startsWith(n + '=')) return w.slice(n.length + 1);
      // gpg and age take `-oFILE` glued
      if (n.length === 2 && w.startsWith(n) && w.length > 2 && !w.startsWith('--')) return w.slice(2);
    }
  }
  return undefined;
}

const has = (argv: string[], ...flags: string[]) => argv.some((w) => flags.includes(w));

/** The programs read below, whose decrypt verbs this file decides (shell-cli-secrets.ts reads any other tool's `decrypt`). */
export const DECRYPT_READERS: ReadonlySet<string> = new Set(
  'gpg gpg2 age rage sops openssl ansible-vault eyaml ccat ccrypt ccdecrypt scrypt ejson aws gcloud az vault step kubeseal'.split(
    ' ',
  ),
);

/** Positional words (subcommand path) after the program name. */
function positionals(argv: string[]): string[] {
  return argv.slice(1).filter((w) => !w.startsWith('-'));
}

function reading(argv: string[]): Reading | undefined {
  const name = basename(argv[0] ?? '').toLowerCase();
  const pos = positionals(argv);
  switch (name) {
    case 'gpg':
    case 'gpg2':
      return {
        decrypts: has(argv, '-d', '--decrypt'),
        output: optionValue(argv, ['-o', '--output']),
      };
    case 'age':
    case 'rage':
      return { decrypts: has(argv, '-d', '--decrypt'), output: optionValue(argv, ['-o', '--output']) };
    case 'sops':
      return {
        decrypts: has(argv, '-d', '--decrypt') || pos[0] === 'decrypt',
        output: has(argv, '-i', '--in-place') ? 'in-place' : optionValue(argv, ['--output']),
      };
    case 'openssl': {
      const sub = argv[1] ?? '';
      const decrypt =
        (/^(?:enc|aes[\w-]*|des[\w-]*|bf[\w-]*|camellia[\w-]*|chacha20[\w-]*|aria[\w-]*|sm4[\w-]*)$/.test(sub) &&
          has(argv, '-d')) ||
        (/^(?:smime|cms|pkeyutl|rsautl)$/.test(sub) && has(argv, '-decrypt'));
      return { decrypts: decrypt, output: optionValue(argv, ['-out']) };
    }
    case 'ansible-vault': {
      // a template checked in beside the vault (`vault.yml.example`) holds placeholders, not its secrets;
      // every file named must be one
      if (pos[0] === 'view') return { decrypts: !pos.slice(1).length || pos.slice(1).some((f) => !TEMPLATE.test(f)) };
      // `decrypt` rewrites the file in place unless --output names somewhere else
      if (pos[0] === 'decrypt') return { decrypts: true, output: optionValue(argv, ['--output']) ?? 'in-place' };
      return undefined;
    }
    case 'eyaml':
      // hiera-eyaml: `eyaml decrypt -f FILE|-e FILE|-s STRING` prints the plaintext (its README)
      return { decrypts: pos[0] === 'decrypt' };
    case 'ccat':
      return { decrypts: true };
    case 'ccrypt':
    case 'ccdecrypt':
      return { decrypts: has(argv, '-c', '--cat') };
    case 'scrypt':
      // `scrypt dec INFILE [OUTFILE]`
      return { decrypts: pos[0] === 'dec', output: pos[2] };
    case 'ejson':
      return { decrypts: pos[0] === 'decrypt', output: optionValue(argv, ['-o']) };
    case 'aws':
      return { decrypts: pos[0] === 'kms' && pos[1] === 'decrypt' };
    case 'gcloud':
      return {
        decrypts: pos[0] === 'kms' && pos[1] === 'decrypt',
        output: optionValue(argv, ['--plaintext-file']),
      };
    case 'az':
      return { decrypts: pos[0] === 'keyvault' && pos[1] === 'key' && pos[2] === 'decrypt' };
    case 'vault':
      return { decrypts: pos[0] === 'write' && /(?:^|\/)decrypt\//.test(pos[1] ?? '') };
    case 'step':
      return { decrypts: pos[0] === 'crypto' && pos[1] === 'jwe' && pos[2] === 'decrypt' };
    case 'kubeseal':
      return { decrypts: has(argv, '--recovery-unseal') };
    default:
      return undefined;
  }
}

/** An output option that keeps the plaintext off standard output. */
function toFile(output: string | undefined): boolean {
  return output !== undefined && output !== '' && !/^(?:-|\/dev\/stdout|\/dev\/tty|\/dev\/fd\/1)$/.test(output);
}

/** The commands of a line that decrypt to standard output (the caller decides whether it ends printed). */
export function decryptsToStdout(cmds: SimpleCommand[]): SimpleCommand[] {
  return cmds.filter((c) => {
    const r = reading(c.argv);
    return r !== undefined && r.decrypts && !toFile(r.output);
  });
}

/** A file named for the secrets it holds: a vault, secrets, credentials, a .env, keys or tokens. */
const SECRETS_NAME = /vault|secret|cred|passw|(?:^|\/)\.env|token|\.key\b|keys?\./i;

/** Scratch places every local user and process can read: /tmp, /var/tmp, /dev/shm, %TEMP%, Public. */
const SCRATCH =
  /^(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/|\$\{?TMPDIR\}?\/|\/Users\/Shared\/|[A-Za-z]:[\\/](?:temp|tmp|windows[\\/]temp|users[\\/]public)[\\/])|[\\/]AppData[\\/]Local[\\/]Temp[\\/]/i;

/**
 * The commands that decrypt a secrets file (`group_vars/prod/vault.yml`, `secrets.enc.yaml`) into
 * a plaintext copy in a scratch place (`ansible-vault decrypt V --output /tmp/v.yml`, `sops -d
 * secrets.enc.yaml > /tmp/s.yaml`): the vault's contents then sit unencrypted where any process
 * or user of the machine reads them. Decrypted beside the project to be used (`age -d -o
 * secrets.env secrets.age`), in place, or a document decrypted to read it, they are not.
 */
export function decryptsSecretsToFile(cmds: SimpleCommand[]): { input: string; output: string }[] {
  const out: { input: string; output: string }[] = [];
  for (const c of cmds) {
    const r = reading(c.argv);
    if (!r?.decrypts) continue;
    const redirected = c.redirs.find((x) => x.op.startsWith('>') && (x.fd === '' || x.fd === '1'))?.target;
    const output = toFile(r.output) && r.output !== 'in-place' ? r.output : redirected;
    if (!output || !SCRATCH.test(output)) continue;
    // the identity or key file a decrypter is handed is not what it decrypts
    const keyFiles = new Set(
      c.argv.filter((_, i) => /^(?:-i|--identity|-k|--key|--vault-password-file)$/.test(c.argv[i - 1] ?? '')),
    );
    const input = positionals(c.argv).find(
      (w) => SECRETS_NAME.test(w) && w !== output && !TEMPLATE.test(w) && !keyFiles.has(w),
    );
    if (input) out.push({ input, output });
  }
  return out;
}
