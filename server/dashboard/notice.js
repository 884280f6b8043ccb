// Visible notices floating in a corner. Errors stay until dismissed; the rest
// fade after a while. Text only.
import { h, $ } from './dom.js';

const MAX_NOTICES = 4;
const AUTO_CLOSE_MS = { success: 6000, info: 10000, warn: 30000 };
const MAX_TEXT = 400;

/** kind: 'success' | 'info' | 'warn' | 'error' */
export function notify(kind, text) {
  const box = $('#notices');
  const msg = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
  const el = h(
    'div',
    { class: `notice ${kind}`, role: kind === 'error' || kind === 'warn' ? 'alert' : 'status' },
    h('span', { class: 'notice-text' }, msg),
    h('button', { type: 'button', class: 'notice-close', 'aria-label': 'Dismiss', onclick: () => el.remove() }, '×'),
  );
  box.prepend(el);
  while (box.children.length > MAX_NOTICES) box.lastElementChild.remove();
  const ttl = AUTO_CLOSE_MS[kind];
  if (ttl) setTimeout(() => el.remove(), ttl);
}

/** Quotes an agent-supplied string for a notice, shortened. */
export function quote(s, max = 80) {
  const t = String(s ?? '');
  return `“${t.length > max ? `${t.slice(0, max)}…` : t}”`;
}
