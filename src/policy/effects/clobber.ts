// Files emptied or overwritten with nothing, whatever program does it: `> f`, `: > f`,
// `cat /dev/null > f`, `cp /dev/null f`, `install /dev/null f`, `ln -sf /dev/null f`,
// `tee f < /dev/null`, `dd if=/dev/zero of=f`, `sed -i '1,$d' f`, `perl -pi -e 's/.*//s' f`,
// `vim -es -c '%d' -c wq f`, `ed -s f <<< $',d\nw'`. Each is read as a write of empty content to
// the file, so the rules on blanked files decide it as they decide the write tool given "" or
// `truncate -s 0 f` (src/policy/effects/write-loss.ts, docs/effects.md).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import { parseArgs } from './operands.js';
import type { SimpleCommand } from './walk.js';

/** Devices that read as nothing, or as noise that replaces what was there. */
const EMPTY_DEVICE = /^\/dev\/(?:null|zero|u?random)$/;
/** Programs that print nothing (with no operands, or only empty devices for cat). */
const SILENT = new Set([':', 'true', 'false']);
/** sed scripts that delete every line: `d`, `1,$d`, `,$d`, `%d`, `/.*\/d`, `/^/d`. */
const SED_ALL = /^(?:(?:1,\$|,\$|%|0,\$|\/\.\*\/|\/\^\/|\/\$\/|\\?\/\/)?\s*d|\$?!?\s*d)$/;
/** perl -p/-n code that blanks each line or the whole file. */
const PERL_BLANK = /^(?:s\/\.\*\/\/[sgmx]*|s\/\^\.\*\$\/\/[sgmx]*|\$_\s*=\s*(?:''|""|undef)|undef\s*\$_|)\s*;?$/;
/** ex/vim/ed commands that delete every line. */
const EX_ALL = /^:?\s*(?:%|1,\$|,|0,\$)\s*d(?:elete)?\b|^normal!?\s+gg"?_?dG$|^ggdG$/;

const blank = (path: string, via: string): Effect => ({ tool: 'write', path, content: '', via });

/** What the command prints on its standard output is known to be nothing. */
function printsNothing(c: SimpleCommand, name: string): boolean {
  if (!c.argv.length) return true;
  if (SILENT.has(name)) return true;
  const ops = c.argv.slice(1);
  // `echo -n`, `echo ""`, a bare `echo`: nothing, or one empty line
  if (name === 'echo') return ops.every((w) => w === '' || /^-[neE]+$/.test(w));
  if (name === 'cat') {
    const devs = ops.filter((w) => !w.startsWith('-'));
    if (devs.length) return devs.every((w) => EMPTY_DEVICE.test(w));
    return c.redirs.some((r) => r.op === '<' && EMPTY_DEVICE.test(r.target));
  }
  return false;
}

/** `cp|install|ln -s /dev/null TARGET...`: the target is replaced by nothing. */
function fromNullDevice(c: SimpleCommand, name: string, out: Effect[]): void {
  const p = parseArgs(c.argv, ['-m', '--mode', '-o', '--owner', '-g', '--group', '-S', '--suffix', '-t']);
  const ops = p.operands;
  if (ops.length < 2 || !EMPTY_DEVICE.test(ops[0] ?? '')) return;
  if (name === 'ln' && !p.options.some(([k]) => k === '-s' || k === '--symbolic' || /^-[a-zA-Z]*s/.test(k))) return;
  for (const t of ops.slice(1)) if (!EMPTY_DEVICE.test(t)) out.push(blank(t, `${name} replaces ${t} with ${ops[0]}`));
}

/** The files `sed -i SCRIPT FILE...` edits in place, when the script deletes every line. */
function sedAll(c: SimpleCommand, out: Effect[]): void {
  const inPlace = c.argv.some((w) => /^-[a-zA-Z]*i/.test(w) || w.startsWith('--in-place'));
  if (!inPlace) return;
  const p = parseArgs(c.argv, ['-e', '--expression', '-f', '--file', '-l', '--line-length']);
  const scripts = p.options.filter(([k]) => k === '-e' || k === '--expression').map(([, v]) => v ?? '');
  const ops = p.operands.slice();
  if (!scripts.length) {
    const s = ops.shift();
    if (s === undefined) return;
    scripts.push(s);
  }
  if (!scripts.length || !scripts.every((s) => SED_ALL.test(s.trim()))) return;
  for (const f of ops) out.push(blank(f, `sed deletes every line of ${f}`));
}

/** `perl -pi -e 's/.*/ /s' FILE...`: every line (or the slurped file) replaced by nothing. */;
function perlAll(c: SimpleCommand, out: Effect[]): void {
  if (!c.argv.some((w) => /^-[a-zA-Z]*i/.test(w))) return;
  const p = parseArgs(c.argv, ['-e', '-E', '-M', '-I', '-0']);
  const code = p.options.filter(([k]) => k === '-e' || k === '-E').map(([, v]) => (v ?? '').trim());
  const printing = c.argv.some((w) => /^-[a-zA-Z]*p/.test(w));
  const silent = c.argv.some((w) => /^-[a-zA-Z]*n/.test(w)) && !printing;
  if (!code.length) return;
  if (!(silent || code.every((s) => PERL_BLANK.test(s)))) return;
  if (silent && !code.every((s) => !/\bprint\b|\bsay\b/.test(s))) return;
  for (const f of p.operands) out.push(blank(f, `perl -i blanks ${f}`));
}

/** `vim -es -c '%d' -c wq FILE`, `ex -sc '%d|x' FILE`, `ed -s FILE <<< ',d\nw'`. */
function editorAll(c: SimpleCommand, name: string, out: Effect[]): void {
  const cmds: string[] = [];
  const files: string[] = [];
  for (let i = 1; i < c.argv.length; i++) {
    const w = c.argv[i] ?? '';
    if (w === '-c' || w === '--cmd') cmds.push(c.argv[++i] ?? '');
    else if (w.startsWith('+')) cmds.push(w.slice(1));
    else if (!w.startsWith('-')) files.push(w);
  }
  if (name === 'ed' && c.stdin) cmds.push(...c.stdin.split('\n'));
  const pieces = cmds.flatMap((x) => x.split('|')).map((x) => x.trim());
  if (!pieces.some((x) => EX_ALL.test(x))) return;
  if (!pieces.some((x) => /^:?\s*(?:w|wq|x|wq!|x!|w!|exit|up(?:date)?)\b/.test(x))) return;
  for (const f of files) out.push(blank(f, `${name} deletes every line of ${f}`));
}

/** The files one simple command leaves empty (or filled with noise), as writes of "". */
/**
 * ffmpeg's boolean options (ffmpeg(1): every other option takes a value): `-y` overwrites outputs
 * without asking, `-n` never does.
 */
const FFMPEG_FLAGS = new Set(
  '-y -n -re -an -vn -sn -dn -hide_banner -nostdin -nostats -stats -shortest -copyts -start_at_zero -benchmark -benchmark_all -dump -hex -ignore_unknown -copy_unknown -xerror -debug_ts -accurate_seek -noaccurate_seek -autorotate -noautorotate'.split(
    ' ',
  ),
);

/**
 * `ffmpeg -y ... OUTPUT`: each output file is replaced by whatever the encode makes, often a second
 * of black or silence, or the input cut short when the output is the input itself (ffmpeg(1): -y
 * overwrites output files without asking; outputs are the operands after the last -i). Read as the
 * output emptied, so the blanked-files rules decide it by where it is (a master in an archive, a
 * render in the project's own out/ folder).
 */
function encoderOverwrite(c: SimpleCommand, out: Effect[]): void {
  const argv = c.argv;
  if (!argv.includes('-y')) return;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w.startsWith('-') && w !== '-') {
      if (!FFMPEG_FLAGS.has(w)) i++;
      continue;
    }
    // a stream or URL output (rtmp://, udp://, pipe:), standard output, or the null muxer's `-`
    if (w === '-' || /^[a-z][a-z0-9+.-]*:/i.test(w) || EMPTY_DEVICE.test(w) || w.startsWith('/dev/')) continue;
    out.push(blank(w, `ffmpeg -y overwrites ${w} with its encode`));
  }
}

export function clobberEffects(c: SimpleCommand, out: Effect[]): void {
  const name = c.argv.length ? basename(c.argv[0] ?? '') : '';
  if (c.redirs.length && printsNothing(c, name)) {
    for (const r of c.redirs) {
      if ((r.op !== '>' && r.op !== '>|') || r.fd === '2') continue;
      if (!r.target || r.target.startsWith('/dev/') || r.target.startsWith('&')) continue;
      out.push(blank(r.target, `${name || 'a bare redirection'} empties ${r.target}`));
    }
  }
  if (!name) return;
  if (name === 'ffmpeg' || name === 'avconv' || name === 'ffmpeg.exe') encoderOverwrite(c, out);
  if (name === 'cp' || name === 'install' || name === 'ln') fromNullDevice(c, name, out);
  else if (name === 'tee') {
    if (!c.redirs.some((r) => r.op === '<' && EMPTY_DEVICE.test(r.target)) && c.stdin !== '') return;
    for (const f of parseArgs(c.argv).operands)
      if (!f.startsWith('/dev/')) out.push(blank(f, `tee writes nothing over ${f}`));
  } else if (name === 'dd') {
    const src = c.argv.find((w) => w.startsWith('if='))?.slice(3);
    const dst = c.argv.find((w) => w.startsWith('of='))?.slice(3);
    if (src && dst && EMPTY_DEVICE.test(src) && !dst.startsWith('/dev/'))
      out.push(blank(dst, `dd overwrites ${dst} with ${src}`));
  } else if (name === 'sed' || name === 'gsed') sedAll(c, out);
  else if (name === 'perl') perlAll(c, out);
  else if (name === 'vim' || name === 'vi' || name === 'nvim' || name === 'ex' || name === 'ed')
    editorAll(c, name, out);
}
