// Commands that change what a device holds, sent through a debug probe or onto a vehicle bus.
//
// `ecu-write SERVICE IFACE`: a raw CAN frame (`cansend IFACE ID#DATA`) carrying a UDS request
// (ISO 14229-1) that erases, rewrites, resets or silences an ECU: RoutineControl (0x31, where
// eraseMemory and the OEM's flash routines live), RequestDownload/TransferData (0x34-0x37),
// WriteDataByIdentifier (0x2E), WriteMemoryByAddress (0x3D), ECUReset (0x11),
// ClearDiagnosticInformation (0x14), CommunicationControl (0x28), ControlDTCSetting (0x85). The
// frame is read as ISO-TP (ISO 15765-2): a single frame's first byte is 0x0L (L bytes follow), a
// first frame's first two bytes are 0x1LLL, and the service byte comes next. Reads (0x22 ReadData,
// 0x19 ReadDTC, OBD mode 01 PIDs) and frames on a virtual bus (`vcan0`) give nothing.
//
// `device-lock TOOL WHAT`: a debug probe told to lock the chip for good or to rewrite its option
// bytes: OpenOCD's `-c` script (`stm32f4x options_write`, `stm32f4x lock`, `stm32l4x
// option_write`, `... otp enable`; OpenOCD User's Guide, "Flash Commands" driver sections), and
// STM32CubeProgrammer's `-ob RDP=0xCC` (readout protection level 2 cannot be undone: debug access
// and option bytes are disabled for the life of the chip, STM32 reference manuals, "Readout
// protection"). Displaying option bytes (`-ob displ`) and flashing an image are not read here.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

const UDS_WRITES: Record<number, string> = {
  0x11: 'ECUReset',
  0x14: 'ClearDiagnosticInformation',
  0x28: 'CommunicationControl',
  0x2e: 'WriteDataByIdentifier',
  0x31: 'RoutineControl',
  0x34: 'RequestDownload',
  0x35: 'RequestUpload',
  0x36: 'TransferData',
  0x37: 'RequestTransferExit',
  0x3d: 'WriteMemoryByAddress',
  0x85: 'ControlDTCSetting',
};

/** Lower-case base names, as the line's program set holds them. */
export const DEVICE_WRITE_PROGRAMS: readonly string[] = ['cansend', 'openocd', 'stm32_programmer_cli'];

/** The UDS service a classic CAN frame's data carries as ISO-TP, or undefined. */
export function udsService(data: string): number | undefined {
  const hex = data.replace(/\./g, '');
  if (!/^(?:[0-9A-Fa-f]{2})+$/.test(hex)) return undefined;
  const bytes = hex.match(/../g)?.map((b) => parseInt(b, 16)) ?? [];
  const pci = bytes[0];
  if (pci === undefined) return undefined;
  if (pci >> 4 === 0 && (pci & 0xf) > 0) return bytes[1];
  if (pci >> 4 === 1) return bytes[2];
  return undefined;
}

/** OpenOCD commands that rewrite option bytes or lock a chip (flash driver sections). */
const OPENOCD_LOCKS =
  /\b(?:\w+\s+options?_write|\w+x\s+lock|\w+\s+otp\s+(?:enable|write)|flash\s+protect\s+\d+\s+\d+\s+\w+\s+on)\b/i;

export function deviceWriteEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    const tool = basename(a[0] ?? '');
    if (tool === 'cansend') {
      const [iface, frame] = a.slice(1).filter((w) => !w.startsWith('-'));
      if (!iface || !frame || /^vcan/i.test(iface)) continue;
      const m = /^[0-9A-Fa-f]{3,8}#([0-9A-Fa-f.]*)$/.exec(frame);
      const service = m ? udsService(m[1] ?? '') : undefined;
      const name = service === undefined ? undefined : UDS_WRITES[service];
      if (name)
        out.push({
          tool: 'exec',
          command: `ecu-write ${name} ${iface}`,
          via: `cansend sends a UDS ${name} request on ${iface}: it changes what a vehicle's control unit holds or does`,
        });
    } else if (tool === 'openocd') {
      const script = a
        .map((w, i) => (a[i - 1] === '-c' || a[i - 1] === '--command' ? w : ''))
        .filter(Boolean)
        .join('; ');
      const lock = OPENOCD_LOCKS.exec(script)?.[0];
      if (lock)
        out.push({
          tool: 'exec',
          command: `device-lock openocd ${lock.replace(/\s+/g, '-')}`,
          via: `openocd runs \`${lock}\`: the chip's option bytes or protection are rewritten`,
        });
    } else if (/^stm32_?programmer_?cli$/i.test(tool)) {
      const rdp = a.find((w) => /^RDP=(?:0xCC|2)$/i.test(w));
      if (rdp)
        out.push({
          tool: 'exec',
          command: `device-lock STM32_Programmer_CLI ${rdp}`,
          via: `STM32_Programmer_CLI sets readout protection level 2: the chip can never be debugged or reprogrammed again`,
        });
    }
  }
}
