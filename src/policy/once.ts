// Consuming a `once: true` rule (docs/policy.md): after it produced the final allow of an enforced
// call, the rule is removed from its file (its policy too, when that was its last rule). The
// file is rewritten through yaml's Document API so comments and layout survive, via a temp file,
// fsync and rename, so a crash leaves either the old or the new file, never half of one.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { YAMLMap, YAMLSeq } from 'yaml';
import { isMap, isScalar, isSeq, parseDocument } from '../util/yaml.js';

/** Writes a file atomically: temp file in the same directory, fsync, rename. */
export function writeFileAtomic(file: string, text: string): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // best effort
    }
    throw err;
  }
  closeSync(fd);
  renameSync(tmp, file);
  try {
    const dfd = openSync(dirname(file), 'r');
    try {
      fsyncSync(dfd);
    } finally {
      closeSync(dfd);
    }
  } catch {
    // directories cannot be fsynced on every platform; the rename itself is atomic
  }
}

/**
 * Removes rule `ruleIndex` of policy `policyName` from `file`, checking it is still a once-rule.
 * Throws when the file changed so that the rule cannot be found (the caller then fails closed).
 */
export function removeOnceRule(file: string, policyName: string, ruleIndex: number): void {
  const doc = parseDocument(readFileSync(file, 'utf8'));
  if (doc.errors.length)
    throw new Error(`${file} no longer parses: ${doc.errors.map((e) => e.message.split('\n', 1).join('')).join('; ')}`);
  const policies = doc.get('policies');
  if (!isSeq(policies)) throw new Error(`${file} has no policies list`);
  const seq = policies as YAMLSeq;
  const pIndex = seq.items.findIndex((p) => isMap(p) && (p as YAMLMap).get('name') === policyName);
  if (pIndex < 0) throw new Error(`policy "${policyName}" is no longer in ${file}`);
  const policy = seq.items[pIndex] as YAMLMap;
  const rules = policy.get('rules');
  if (!isSeq(rules)) throw new Error(`policy "${policyName}" has no rules list`);
  const rule = (rules as YAMLSeq).items[ruleIndex];
  const once = isMap(rule) ? (rule as YAMLMap).get('once', true) : undefined;
  if (!isScalar(once) || once.value !== true)
    throw new Error(`rule ${ruleIndex + 1} of policy "${policyName}" is no longer a once-rule`);
  (rules as YAMLSeq).items.splice(ruleIndex, 1);
  if ((rules as YAMLSeq).items.length === 0) seq.items.splice(pIndex, 1);
  writeFileAtomic(file, doc.toString());
}
