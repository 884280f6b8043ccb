// Code written to leave the sandbox it runs in, whatever the language or sandbox:
//   sandbox-escape chroot     the classic chroot break-out: chroot into a fresh folder while a
//                             handle on the old root is kept, climb out with chdir("..")
//                             repeated, and chroot(".") at the real root (chroot(2) NOTES; any
//                             language's chroot binding: Python os.chroot, Perl/Ruby/PHP chroot,
//                             C). One chroot call (a build root, a rescue) is not it.
//   sandbox-escape function   code given to a JavaScript sandbox (vm.runInNewContext, vm2,
//                             safe-eval, isolated-vm) that climbs to the host's Function
//                             constructor (`this.constructor.constructor("return process")()`):
//                             from there it holds the host's process, and with it every module.
// Read on any command line or script text; the `sandbox-escapes` policy denies both.
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const SANDBOX_ESCAPE_HINT = /chroot|constructor/;

const CHROOT_CALL = /\bchroot\s*\(/g;
const CLIMB = /\bchdir\s*\(\s*\\?["']\.\.\\?["']\s*\)/;
const FUNCTION_CLIMB =
  /constructor\s*\.\s*constructor\s*\(\s*\\?["'`]\s*return\s+(?:process|this|globalThis|global|require)\b/;

export function sandboxEscapes(text: string): Effect[] {
  const out: Effect[] = [];
  if ((text.match(CHROOT_CALL)?.length ?? 0) >= 2 && CLIMB.test(text))
    out.push({
      tool: 'exec',
      command: 'sandbox-escape chroot',
      via: 'chroots, climbs out with chdir("..") and chroots again: the chroot break-out',
    });
  if (FUNCTION_CLIMB.test(text))
    out.push({
      tool: 'exec',
      command: 'sandbox-escape function',
      via: "reaches the host's Function constructor from sandboxed code, and with it the host process",
    });
  return out;
}

export function sandboxEscapeEffects(l: LineView, out: Effect[]): void {
  out.push(...sandboxEscapes(l.text));
}
