// Files encrypted and their originals removed: what ransomware does, and what a steered agent
// can do with tools every machine has. An encryption (gpg -c/-e, openssl enc and its cipher
// commands, age, rage, ccrypt, mcrypt, scrypt enc, 7z a -p) whose input is deleted in the same
// line (rm, unlink, shred, srm), written over (output = input), or removed by the tool itself
// (ccrypt and mcrypt -u replace the file, 7z -sdel deletes what it archived) leaves only the
// ciphertext, readable by whoever holds the key:
//   `encrypt-wipe many TOOL PATH`  a glob, a loop or find variable, a recursive run (denied)
//   `encrypt-wipe one TOOL PATH`   one named file (asked: a user may mean to keep only the
//                                  encrypted copy of a backup)
// Decrypting, encrypting to a new file and keeping the original, and anything under the
// temporary directories give nothing.
// Sources: gpg(1) (-c/--symmetric, -e/--encrypt, -o/--output), openssl-enc(1) (-in/-out, -d),
// age(1) (-o, -d), ccrypt(1) (replaces files by default, -r, -d), mcrypt(1) (-u unlinks),
// scrypt(1) (enc INFILE OUTFILE), 7-Zip (a, -p, -sdel).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import type { SimpleCommand } from './walk.js';
import { parseArgs } from './operands.js';
import { withoutKeywords } from './leading-keywords.js';

export const ENCRYPT_PROGRAMS: readonly string[] = [
  'gpg',
  'gpg2',
  'openssl',
  'age',
  'rage',
  'ccrypt',
  'ccencrypt',
  'mcrypt',
  'scrypt',
  '7z',
  '7za',
  '7zz',
];

/** What one command encrypts: the inputs, the output, and whether the tool removes the inputs itself. */
interface Encryption {
  tool: string;
  inputs: string[];
  output: string | undefined;
  removes: boolean;
  recursive: boolean;
}

const OPENSSL_CIPHER = /^-?(?:aes|des|des3|bf|blowfish|camellia|cast|chacha20|aria|sm4|seed|rc[245]|idea)(?:-|$)/i;

/** The command past the keywords a loop or condition puts before it (`do gpg -c "$f"`), exec and sudo. */
function words(c: SimpleCommand): string[] {
  return withoutKeywords(c.argv, ['exec', 'sudo']);
}

function encryption(c: SimpleCommand): Encryption | null {
  const a = words(c);
  const tool = basename(a[0] ?? '').toLowerCase();
  if (tool === 'gpg' || tool === 'gpg2') {
    const p = parseArgs(a, [
      '-o',
      '--output',
      '-r',
      '--recipient',
      '--passphrase',
      '--passphrase-file',
      '--cipher-algo',
      '--pinentry-mode',
      '--homedir',
      '-u',
      '--local-user',
      '--compress-algo',
      '-z',
    ]);
    const encrypts = p.options.some(
      ([k]) => k === '--symmetric' || k === '--encrypt' || /^-[a-zA-Z]*[ce][a-zA-Z]*$/.test(k),
    );
    if (
      !encrypts ||
      p.options.some(([k]) => k === '--decrypt' || k === '-d' || k === '--list-keys' || k === '--verify')
    )
      return null;
    const output = p.options.find(([k]) => k === '-o' || k === '--output')?.[1];
    return { tool, inputs: p.operands, output, removes: false, recursive: false };
  }
  if (tool === 'openssl') {
    const sub = a[1] ?? '';
    if (sub !== 'enc' && !OPENSSL_CIPHER.test(sub)) return null;
    const p = parseArgs(a.slice(1), ['-in', '-out', '-k', '-kfile', '-pass', '-K', '-iv', '-md', '-S', '-iter']);
    if (p.options.some(([k]) => k === '-d')) return null;
    const input = p.options.find(([k]) => k === '-in')?.[1];
    const output = p.options.find(([k]) => k === '-out')?.[1];
    return input ? { tool, inputs: [input], output, removes: false, recursive: false } : null;
  }
  if (tool === 'age' || tool === 'rage') {
    const p = parseArgs(a, ['-o', '--output', '-r', '--recipient', '-R', '--recipients-file', '-i', '--identity']);
    if (p.options.some(([k]) => k === '-d' || k === '--decrypt')) return null;
    const output = p.options.find(([k]) => k === '-o' || k === '--output')?.[1];
    return { tool, inputs: p.operands, output, removes: false, recursive: false };
  }
  if (tool === 'ccrypt' || tool === 'ccencrypt' || tool === 'mcrypt') {
    const p = parseArgs(a, ['-K', '--key', '-k', '--keyfile', '-a', '-m', '-o']);
    if (p.options.some(([k]) => k === '-d' || k === '--decrypt' || k === '-c' || k === '--cat')) return null;
    if (tool === 'ccrypt' && p.options.some(([k]) => k === '-x' || k === '--keychange')) return null;
    const recursive = p.options.some(([k]) => k === '-r' || k === '-R' || k === '--recursive');
    // ccrypt replaces each file with its encryption; mcrypt keeps the original unless -u
    const removes = tool !== 'mcrypt' || p.options.some(([k]) => k === '-u' || k === '--unlink');
    return { tool, inputs: p.operands, output: undefined, removes, recursive };
  }
  if (tool === 'scrypt') {
    const p = parseArgs(a, ['-M', '-m', '-t', '--passphrase']);
    if (p.operands[0] !== 'enc') return null;
    return { tool, inputs: p.operands.slice(1, 2), output: p.operands[2], removes: false, recursive: false };
  }
  if (tool === '7z' || tool === '7za' || tool === '7zz') {
    const ops = a.slice(1).filter((w) => !w.startsWith('-'));
    if (ops[0] !== 'a' && ops[0] !== 'u') return null;
    if (!a.some((w) => /^-p./.test(w))) return null;
    return { tool, inputs: ops.slice(2), output: ops[1], removes: a.includes('-sdel'), recursive: true };
  }
  return null;
}

const DELETERS = new Set(['rm', 'unlink', 'shred', 'srm', 'wipe', 'scrub']);
const TEMP = /^(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/|\$TMPDIR\/|\$\{TMPDIR\}\/)/;
/** An operand that stands for many files: a glob, a variable (a loop's or find's path), find's `{}`. */
const MANY = /[*?[]|\$|\{\}/;

/** The operands a deleting command removes (its non-option words). */
function deleted(c: SimpleCommand): string[] {
  const a = words(c);
  const name = basename(a[0] ?? '').toLowerCase();
  if (!DELETERS.has(name)) return [];
  return a.slice(1).filter((w) => !w.startsWith('-') || w === '-');
}

/** Quotes and braces around a variable do not change which file it names: `"$1"` is `$1`, `${f}` is `$f`. */
const same = (w: string) => w.replace(/["']/g, '').replace(/\$\{(\w+)\}/g, '$$$1');

export function encryptWipeEffects(line: LineView, out: Effect[]): void {
  let gone: Set<string> | undefined;
  for (const c of line.cmds) {
    const e = encryption(c);
    if (!e) continue;
    gone ??= new Set(line.cmds.flatMap(deleted).map(same));
    for (const input of e.inputs) {
      if (input === '-' || TEMP.test(input)) continue;
      const lost = e.removes || same(e.output ?? '') === same(input) || gone.has(same(input));
      if (!lost) continue;
      const many = e.recursive || MANY.test(input);
      out.push({
        tool: 'exec',
        command: `encrypt-wipe ${many ? 'many' : 'one'} ${e.tool} ${input}`,
        via: `${e.tool} encrypts ${input} and the original is removed: only the ciphertext is left`,
      });
    }
  }
}
