// Reading the model's answer. Models answer in many shapes (a bare word, "DECISION: DENY",
// JSON, markdown, a thinking block first); anything that does not name exactly one verdict is a
// failure, never a guess.
import { at, InternalError } from '../util/invariant.js';

export type VerdictDecision = 'allow' | 'deny';
export type Verdict = { ok: true; decision: VerdictDecision; reason: string } | { ok: false; error: string };

/** Longest reason passed back to the service. */
export const MAX_REASON = 200;
/** Longest answer examined; models asked for one line do not need more. */
const MAX_ANSWER = 64 * 1024;

function decisionWord(word: string): VerdictDecision | null {
  const w = word.trim().toLowerCase();
  if (w === 'allow' || w === 'allowed') return 'allow';
  if (w === 'deny' || w === 'denied') return 'deny';
  return null;
}

/** One line, no markdown emphasis or wrapping quotes, at most MAX_REASON characters. */
export function cleanReason(text: string): string {
  let r = text.replace(/\s+/g, ' ').trim();
  r = r.replace(/^["'“”‘’*_]+|["'“”‘’*_]+$/g, '').trim();
  if (r.length <= MAX_REASON) return r;
  const cut = r.slice(0, MAX_REASON);
  const sentence = cut.search(/[.!?](?=\s)[^.!?]*$/);
  if (sentence >= 40) return cut.slice(0, sentence + 1);
  return cut.slice(0, MAX_REASON - 1).trimEnd() + '…';
}

function fromJson(text: string): Verdict | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let obj: unknown;
  try {
    obj = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return null;
  const o = obj as Record<string, unknown>;
  const raw = o.decision ?? o.verdict ?? o.action ?? o.result;
  if (raw === undefined) return null;
  const decision = typeof raw === 'string' ? decisionWord(raw) : null;
  if (!decision)
    return {
      ok: false,
      error: `unparseable model answer: unknown decision ${JSON.stringify(raw).slice(0, 40)} in its JSON`,
    };
  const reason = o.reason ?? o.explanation ?? o.rationale ?? '';
  return { ok: true, decision, reason: cleanReason(typeof reason === 'string' ? reason : JSON.stringify(reason)) };
}

interface Candidate {
  decision: VerdictDecision;
  /** Offset just after the verdict word. */
  end: number;
  start: number;
}

const LABELED =
  /\b(?:decision|verdict|answer|classification|result|action)[ \t]*[:=][ \t]*["'[(]?[ \t]*(allow(?:ed)?|den(?:y|ied))\b/gi;
const UPPER = /\b(ALLOW(?:ED)?|DEN(?:Y|IED))\b/g;
const FIRST = /^[^A-Za-z0-9]{0,8}(allow(?:ed)?|den(?:y|ied))\b/i;
const REASON_LABEL = /\b(?:reason|because|rationale|explanation)[ \t]*[:=-][ \t]*(.+)/i;

/** Drops <think>...</think> blocks that reasoning models put before their answer. */
function stripThinking(text: string): string {
  let out = '';
  let pos = 0;
  for (;;) {
    const open = text.indexOf('<think>', pos);
    if (open < 0) return out + text.slice(pos);
    const close = text.indexOf('</think>', open);
    if (close < 0) return out + text.slice(pos, open);
    out += text.slice(pos, open);
    pos = close + '</think>'.length;
  }
}

function firstLine(text: string): string {
  for (const line of text.split('\n')) {
    const l = line.replace(/^[\s:.,;)\]"'—–-]+/, '').trim();
    if (l) return l;
  }
  return '';
}

/** The verdict word a pattern above captured: each captures only allow(ed) or den(y|ied). */
function captured(m: RegExpMatchArray): { decision: VerdictDecision; word: string; index: number } {
  const word = at(m, 1);
  const decision = decisionWord(word);
  if (decision === null || m.index === undefined) throw new InternalError(`not a verdict word: ${word}`);
  return { decision, word, index: m.index };
}

export function parseVerdict(answer: string): Verdict {
  let text = stripThinking(answer.slice(0, MAX_ANSWER));
  // Markdown that changes nothing about the verdict: bold, code, fences, headings, quotes.
  text = text
    .replace(/```[a-z]*\n?/gi, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/^[ \t]*[#>]+[ \t]*/gm, '')
    .trim();
  if (!text) return { ok: false, error: 'empty model answer' };

  const json = fromJson(text);
  if (json) return json;

  const candidates: Candidate[] = [];
  const first = FIRST.exec(text);
  if (first) {
    const c = captured(first);
    candidates.push({ decision: c.decision, start: first[0].length - c.word.length, end: first[0].length });
  }
  for (const m of text.matchAll(LABELED)) {
    const c = captured(m);
    const end = c.index + m[0].length;
    candidates.push({ decision: c.decision, start: end - c.word.length, end });
  }
  for (const m of text.matchAll(UPPER)) {
    const c = captured(m);
    candidates.push({ decision: c.decision, start: c.index, end: c.index + m[0].length });
  }

  if (candidates.length === 0) return { ok: false, error: 'unparseable model answer: it names neither ALLOW nor DENY' };
  const decisions = new Set(candidates.map((c) => c.decision));
  if (decisions.size > 1) return { ok: false, error: 'ambiguous model answer: it names both ALLOW and DENY' };

  candidates.sort((a, b) => a.start - b.start);
  const verdict = at(candidates, 0);
  const labeled = REASON_LABEL.exec(text);
  let reason = labeled ? at(labeled, 1) : firstLine(text.slice(verdict.end));
  if (!reason) reason = firstLine(text.slice(0, verdict.start));
  return { ok: true, decision: verdict.decision, reason: cleanReason(reason) };
}
