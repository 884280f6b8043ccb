// Field devices written through their client libraries: `BAC0.lite().write('10.0.0.5 analogOutput
// 1 presentValue 0 - 8')`, pymodbus's `client.write_coil(0, False)`, minimalmodbus's
// `write_register`, xknx's `Light(...).set_off()`, asyncua's `node.write_value(v)`, pysnmp's
// `setCmd`, modbus-serial's `writeCoil`, node-bacnet's `writeProperty`. Each is what the tool's
// command-line write is (field-devices.ts), so it is read the same way: `ship sdk MODULE METHOD`,
// which ship-commands asks about. Only code that imports a library of the field-devices catalogue
// is read; its reads (read_holding_registers, readProperty, get_value) pass.
import type { Effect } from '../types.js';
import { fieldCatalogue } from '../../field-devices.js';

/** Methods that write to, command or restart a device (snake_case or camelCase). */
const WRITE_CALL =
  /\.\s*(write(?:_?[A-Za-z]\w*)?|set_(?:on|off|value|brightness|position|target_temperature|setpoint|speed)|set(?:On|Off|Value)|turn_(?:on|off)|reinitiali[sz]e\w*|device_?[cC]ommunication_?[cC]ontrol|call_method|callMethod|setCmd|set_cmd|group_value_write)\s*\(|\b((?:WriteProperty|WritePropertyMultiple|ReinitializeDevice|DeviceCommunicationControl)Request|GroupValueWrite|setCmd|set_cmd)\s*\(/g;
/** A receiver that is a file or a stream: `f.write(row)` writes a report, not a device. */
const FILE_RECEIVER =
  /(?:^|[^\w.])(?:f|fh|fp|fo|out|outf|file|outfile|csvfile|writer|w|log|stream|sys\.stdout|sys\.stderr|stdout|stderr|process\.stdout|process\.stderr|res|response|buf|buffer|ws|socket|sock|zf|tar|tf)\s*$/;

/** The catalogued field-bus library the code imports, or undefined. */
function importedFieldLibrary(code: string): string | undefined {
  const c = fieldCatalogue();
  for (const imp of code.matchAll(/\b(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))/g)) {
    const name = imp[1] ?? imp[2] ?? '';
    const hit = c.python.find((p) => name === p || name.startsWith(`${p}.`));
    if (hit) return hit;
  }
  for (const imp of code.matchAll(/(?:require\(\s*|from\s+|import\s*\(\s*)(['"])([^'"]+)\1/g)) {
    const name = imp[2] ?? '';
    const hit = c.node.find((p) => name === p || name.startsWith(`${p}/`));
    if (hit) return hit;
  }
  return undefined;
}

/** Cheap gate: a write-like call somewhere in the code. */
const HINT = /write|set_?(?:on|off|value|cmd)|setCmd|turn_|reinitiali|ommunication|call_?[mM]ethod/;

/** The device writes of a catalogued field-bus library, as `ship sdk` exec effects. */
export function fieldSdkEffects(code: string, via: string): Effect[] {
  if (!HINT.test(code)) return [];
  const lib = importedFieldLibrary(code);
  if (!lib) return [];
  const out: Effect[] = [];
  WRITE_CALL.lastIndex = 0;
  for (let m = WRITE_CALL.exec(code); m && out.length < 4; m = WRITE_CALL.exec(code)) {
    const method = m[1] ?? m[2] ?? '';
    const before = code.slice(Math.max(0, m.index - 80), m.index);
    // `open('t.csv', 'a').write(row)`: a name bound once to open() may be read as the call itself
    if (m[1] && (FILE_RECEIVER.test(before) || /\b(?:open|fopen|createWriteStream)\([^()]*\)\s*$/.test(before)))
      continue;
    const command = `ship sdk ${lib} ${method}`;
    if (out.some((e) => e.tool === 'exec' && e.command === command)) continue;
    out.push({ tool: 'exec', command, via: `${via} writes to a field device through ${lib} ${method}()` });
  }
  return out;
}
