// Small DOM and formatting helpers. Every string becomes a text node: agent-supplied data can
// never turn into markup, whatever it contains.

/**
 * h('div', {class: 'x', onclick: fn, dataset: {id: '1'}}, 'text', child, [more])
 * Attributes are set one by one; strings among the children are text, never HTML.
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') el.className = v;
      else if (k === 'dataset') Object.assign(el.dataset, v);
      else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (v === true) el.setAttribute(k, '');
      else el.setAttribute(k, String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

/** Replaces an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

/** "12 s", "3 min", "2 h 5 min", "4 d". */
export function humanSeconds(totalSeconds) {
  const s = Math.max(0, Math.floor(totalSeconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const hrs = Math.floor(m / 60);
  if (hrs < 48) return m % 60 ? `${hrs} h ${m % 60} min` : `${hrs} h`;
  return `${Math.floor(hrs / 24)} d`;
}

/** A grant or timeout length for a button label: "2 min", "90 s", "1 h 30 min", "500 ms". */
export function humanMs(ms) {
  if (!Number.isFinite(ms) || ms <= 0) return '0 s';
  if (ms < 1000) return `${Math.ceil(ms)} ms`;
  const s = Math.round(ms / 1000);
  if (s < 120 && s % 60 !== 0) return `${s} s`;
  return humanSeconds(s);
}

/** "m:ss" countdown (or "h:mm:ss"). */
export function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

export function age(isoOrMs, now = Date.now()) {
  const t = typeof isoOrMs === 'number' ? isoOrMs : Date.parse(isoOrMs);
  if (!Number.isFinite(t)) return '';
  const s = (now - t) / 1000;
  return s < 5 ? 'just now' : `${humanSeconds(s)} ago`;
}

export function localTime(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso ?? '');
  return d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

export function todayUTC() {
  return new Date().toISOString().slice(0, 10);
}

/** Short form of a long identifier for tight places; the full value goes in a title. */
export function short(id, keep = 12) {
  const s = String(id ?? '');
  return s.length > keep + 1 ? `${s.slice(0, keep)}…` : s;
}

/** The CSS class for a decision or resolution word. */
export function actionClass(action) {
  switch (String(action)) {
    case 'allow':
    case 'approved':
    case 'always_allowed':
      return 'allow';
    case 'deny':
    case 'denied':
    case 'expired':
      return 'deny';
    case 'ask':
      return 'ask';
    case 'watch':
      return 'watch';
    default:
      return 'other';
  }
}

/** The one line that says what a call does: its command, else its path or URL. */
export function headline(obj) {
  if (!obj || typeof obj !== 'object') return '';
  for (const k of ['command', 'path', 'file_path', 'url']) {
    if (typeof obj[k] === 'string' && obj[k]) return obj[k];
  }
  return '';
}

/** A plain button. kind: 'approve' | 'deny' | 'future' | 'ghost' | ... (a CSS class). */
export function button(label, kind, onClick, attrs = {}) {
  return h('button', { type: 'button', class: `btn ${kind}`, onclick: onClick, ...attrs }, label);
}

const CONFIRM_MS = 5000;

/**
 * A button for a weighty action: the first press arms it (the label asks for confirmation),
 * a second press within a few seconds runs it.
 */
export function confirmButton(label, confirmLabel, kind, onConfirm, attrs = {}) {
  let timer = null;
  const el = button(
    label,
    kind,
    () => {
      if (el.classList.contains('armed')) {
        clearTimeout(timer);
        disarm();
        onConfirm();
        return;
      }
      el.classList.add('armed');
      el.textContent = confirmLabel;
      timer = setTimeout(disarm, CONFIRM_MS);
    },
    attrs,
  );
  function disarm() {
    el.classList.remove('armed');
    el.textContent = label;
  }
  return el;
}
