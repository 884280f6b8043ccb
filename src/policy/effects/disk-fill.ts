// Filling the disk svc writes its audit log to: once the disk is full the log can no longer be
// written, and whatever the agent does next goes unrecorded. Read from what a command writes, not
// its spelling: an endless source (/dev/zero, /dev/urandom, `yes`) copied into a file with no
// length (dd without count=, cat or yes into a redirection), or a file made or filled to a
// length of 10 GiB or more (fallocate -l, head -c). Each is the `tamper` call `fills-disk VIA`,
// which the standard policy asks about. Sources: dd(1) (copies until the input ends when count=
// is absent), fallocate(1), head(1), yes(1).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';

/** Inputs that never end. */
const ENDLESS = /^\/dev\/(?:zero|u?random|full)$/;
/** Lengths at which a single file is a disk filled rather than a test fixture: 10 GiB. */
const FILL_BYTES = 10 * 1024 ** 3;

/** `50G`, `1.5TiB`, `200000000000`: bytes, or undefined. */
export function sizeBytes(w: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)([KMGTPE])?(?:i?B)?$/i.exec(w);
  if (!m) return undefined;
  const exp = ' KMGTPE'.indexOf((m[2] ?? ' ').toUpperCase());
  return Number(m[1]) * 1024 ** Math.max(0, exp);
}

/** A redirection of standard output into a file (not a device, not a pipe). */
function fileOut(c: SimpleCommand): string | undefined {
  const r = c.redirs.find((x) => (x.op === '>' || x.op === '>>' || x.op === '>|') && !/^(?:&|\/dev\/)/.test(x.target));
  return r?.target;
}

function finding(via: string, what: string): Effect {
  return { tool: 'tamper', command: `fills-disk ${via}`, via: what };
}

export function diskFillEffects(c: SimpleCommand, out: Effect[]): void {
  const a = c.argv;
  const name = basename(a[0] ?? '');
  if (name === 'dd') {
    const input = a.find((w) => w.startsWith('if='))?.slice(3);
    const output = a.find((w) => w.startsWith('of='))?.slice(3) ?? fileOut(c);
    if (input && ENDLESS.test(input) && output && !output.startsWith('/dev/') && !a.some((w) => w.startsWith('count=')))
      out.push(finding('dd', `dd copies ${input} into ${output} with no count: it stops only when the disk is full`));
    return;
  }
  if ((name === 'cat' || name === 'yes') && !c.pipedInto) {
    const to = fileOut(c);
    if (to && (name === 'yes' || a.slice(1).some((w) => ENDLESS.test(w))))
      out.push(finding(name, `${name} writes into ${to} without end: it stops only when the disk is full`));
    return;
  }
  if (name === 'fallocate' || name === 'head') {
    const flag = name === 'fallocate' ? /^(?:-l|--length)$/ : /^(?:-c|--bytes)$/;
    const at = a.findIndex((w) => flag.test(w));
    const size = at > 0 ? sizeBytes(a[at + 1] ?? '') : undefined;
    const source = name === 'fallocate' || a.some((w) => ENDLESS.test(w));
    if (size !== undefined && size >= FILL_BYTES && source && (name === 'fallocate' || fileOut(c)))
      out.push(finding(name, `${name} makes a file of ${a[at + 1] ?? ''}`));
  }
}
