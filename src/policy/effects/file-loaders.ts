// Programs that install, flash or load a file given as an operand, beyond shells and
// interpreters: an Android package pushed to a device (`adb install F`, `adb install-multiple`),
// firmware written to a board (`esptool.py write_flash ADDR F`, `avrdude -U flash:w:F`,
// `dfu-util -D F`, `picotool load F`, `st-flash write F ADDR`, `nrfjprog --program F`,
// `fastboot flash PART F`, `openocd -c "program F"`), a kdb+/q script (`q F`). A file downloaded
// earlier in the line and handed to one of them is downloaded code run (download-exec.ts), as
// `bash F` is; what a device runs does not run on this machine, so download-exec.ts weighs a
// device loader's file by its host (deviceLoads). Sources: the Android Debug Bridge reference, esptool's, avrdude's, dfu-util's,
// picotool's, stlink's, nRF Command Line Tools', fastboot's and OpenOCD's manuals, kx.com's q docs.
import { basename } from '../shell-wrappers.js';

/** Loaders whose file runs on an attached device, not on this machine. */
export const DEVICE_LOADERS = /^(?:adb|fastboot|esptool|avrdude|dfu-util|st-flash|picotool|nrfjprog|openocd)$/;

/** The program name a loader is known by (esptool.py is esptool). */
export function loaderName(argv0: string): string {
  return basename(argv0)
    .toLowerCase()
    .replace(/\.(?:exe|py)$/, '');
}

/** The files a loader command installs, flashes or runs. */
export function loadedFiles(argv: readonly string[]): string[] {
  const name = loaderName(argv[0] ?? '');
  const a = argv.slice(1);
  const ops = a.filter((w) => !w.startsWith('-'));
  switch (name) {
    case 'adb':
      return /^(?:install|install-multiple|sideload)$/.test(ops[0] ?? '') ? ops.slice(1) : [];
    case 'fastboot':
      return ops[0] === 'flash' ? ops.slice(2, 3) : ops[0] === 'boot' || ops[0] === 'update' ? ops.slice(1, 2) : [];
    case 'esptool':
      return ops.includes('write_flash')
        ? ops.slice(ops.indexOf('write_flash') + 1).filter((w) => !/^0x/i.test(w))
        : [];
    case 'avrdude':
      return a.flatMap((w) => /^(?:flash|eeprom):w:([^:]+)/.exec(w)?.[1] ?? []);
    case 'dfu-util':
    case 'st-flash':
    case 'picotool':
    case 'nrfjprog': {
      const flag = a.findIndex((w) => w === '-D' || w === '--download' || w === '--program' || w === '-f');
      if (flag >= 0 && a[flag + 1]) return [a[flag + 1] ?? ''];
      const at = ops.findIndex((w) => w === 'write' || w === 'load');
      return at >= 0 ? ops.slice(at + 1, at + 2) : [];
    }
    case 'openocd':
      return a.flatMap((w) => /\bprogram\s+(\S+)/.exec(w)?.[1] ?? []);
    case 'q':
      return ops.slice(0, 1).filter((w) => /\.[qk]$/.test(w));
    default:
      return [];
  }
}
