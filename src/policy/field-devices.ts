// Commands that write to field devices: a BACnet WriteProperty or ReinitializeDevice, a Modbus
// register or coil written, a KNX group telegram sent, an SNMP set, an OPC UA write, an MQTT
// message published to a device's command topic. Each changes live equipment (a chiller's
// setpoint, a floor's lights, a PLC's outputs) the way a router's configuration does, so it is
// read as `ship TOOL WORDS`, which ship-commands asks about (device-shells.ts does the same for
// network gear). The tools and topics are data: policies/catalogues/field-devices.yaml. Reads,
// discovery and listening (bacrp, bacwi, knxtool groupread, mbpoll with no values,
// mosquitto_sub) are not writes and pass.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../util/yaml.js';
import { PACKAGE_ROOT } from '../util/version.js';

export interface FieldCatalogue {
  writeTools: Set<string>;
  writeVerbs: Set<string>;
  valueTools: Map<string, Set<string>>;
  publishers: Map<string, Set<string>>;
  commandTopics: Set<string>;
  python: string[];
  node: string[];
  /**
   * Every name fieldWriteReading can find a write by: the write tools, the value tools, and what
   * a write verb or a publisher's head can start with (its words before a space). A command whose
   * name is none of these is no field write, so its words are not joined.
   */
  tools: Set<string>;
}

let cat: FieldCatalogue | undefined;

export function fieldCatalogue(): FieldCatalogue {
  if (cat) return cat;
  const out: FieldCatalogue = {
    writeTools: new Set(),
    writeVerbs: new Set(),
    valueTools: new Map(),
    publishers: new Map(),
    commandTopics: new Set(),
    python: [],
    node: [],
    tools: new Set(),
  };
  try {
    const doc = parse(readFileSync(join(PACKAGE_ROOT, 'policies', 'catalogues', 'field-devices.yaml'), 'utf8')) as {
      sections?: Record<string, { items?: unknown[] }[]>;
    };
    const items = (k: string) => (doc.sections?.[k] ?? []).flatMap((e) => (e.items ?? []).map(String));
    for (const i of items('write-tools')) out.writeTools.add(i);
    for (const i of items('write-verbs')) out.writeVerbs.add(i);
    for (const i of items('command-topics')) out.commandTopics.add(i.toLowerCase());
    for (const [key, map] of [
      ['value-tools', out.valueTools],
      ['publishers', out.publishers],
    ] as const)
      for (const i of items(key)) {
        const parts = i.split(/\s+/);
        // `mqttx pub -t`: the tool (and subcommand) before the options
        const head = parts.filter((p) => !p.startsWith('-')).join(' ');
        map.set(head, new Set(parts.filter((p) => p.startsWith('-'))));
      }
    out.python = items('python');
    out.node = items('node');
  } catch {
    // without the catalogue nothing is read here
  }
  for (const t of out.writeTools) out.tools.add(t);
  for (const t of out.valueTools.keys()) out.tools.add(t);
  for (const v of out.writeVerbs)
    for (let at = v.indexOf(' '); at >= 0; at = v.indexOf(' ', at + 1)) out.tools.add(v.slice(0, at));
  for (const h of out.publishers.keys()) out.tools.add(h.split(' ')[0] ?? '');
  return (cat = out);
}

/** A command's name as written, without its folder and a Windows extension. */
function base(w: string): string {
  return w
    .replace(/^.*[\\/]/, '')
    .replace(/\.exe$/i, '')
    .toLowerCase();
}

/** The operands of a tool's words after `from`, skipping the options that take a value. */
function operands(words: readonly string[], from: number, valued: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = from; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w.startsWith('-')) {
      // `-t 4` takes the next word; `-t4`, `--topic=x` and flags (`-1` polls once, `-R`) do not
      if (valued.has(w)) i++;
      continue;
    }
    out.push(w);
  }
  return out;
}

/** A loopback or test broker (or none named: mosquitto_pub's default is localhost): publishing there commands nothing in the field. */
const LOCAL_HOST = /^(?:localhost|127\.\d+\.\d+\.\d+|::1|test\.mosquitto\.org)$/i;

/** `ship TOOL WORDS` when the command writes to a field device; else null. */
export function fieldWriteReading(words: readonly string[]): { text: string; from: string } | null {
  const tool = base(words[0] ?? '');
  if (!tool) return null;
  const c = fieldCatalogue();
  if (!c.tools.has(tool)) return null;
  const rest = words.slice(1).join(' ');
  const text = `ship ${tool} ${rest}`.trimEnd();
  if (c.writeTools.has(tool)) return { text, from: `${tool} writes to a field device` };
  const sub = (words[1] ?? '').toLowerCase();
  if (c.writeVerbs.has(`${tool} ${sub}`)) return { text, from: `${tool} ${sub} writes to a field device` };
  const valued = c.valueTools.get(tool);
  // `mbpoll [options] HOST VALUE...`: values after the host are written to the registers or coils
  if (valued && operands(words, 1, valued).length >= 2)
    return { text, from: `${tool} writes values to a Modbus device` };
  for (const [head, opts] of c.publishers) {
    const parts = head.split(' ');
    if (parts[0] !== tool || (parts[1] !== undefined && parts[1] !== sub)) continue;
    let topic = '';
    let host = '';
    for (let i = parts.length; i < words.length; i++) {
      const w = words[i] ?? '';
      const eq = /^(--?[\w-]+)=(.*)$/.exec(w);
      const [opt, val] = eq ? [eq[1] ?? '', eq[2] ?? ''] : [w, words[i + 1] ?? ''];
      if (opts.has(opt)) topic = val;
      else if (opt === '-h' || opt === '--host' || opt === '-H') host = val;
    }
    if (!topic || !host || LOCAL_HOST.test(host.replace(/^\w+:\/\//, '').replace(/:\d+$/, ''))) continue;
    const levels = topic
      .replace(/^['"]|['"]$/g, '')
      .toLowerCase()
      .split('/');
    if (levels.some((l) => c.commandTopics.has(l)))
      return { text, from: `${tool} publishes to a device's command topic ${topic}` };
  }
  return null;
}
