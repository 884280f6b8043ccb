// Active tab: pending approvals. Run groups (docs/approvals.md) become one cluster card with bulk actions;
// every other approval is a solo card. Cards are keyed so a live refresh keeps the ones that did
// not change (and with them focus, scroll position and armed confirm buttons).
import { h, $$, age, clock, humanMs, short, headline, button, confirmButton } from './dom.js';
import { api } from './api.js';
import { notify, quote } from './notice.js';

const WARN_MS = 60_000;
/** How long a first keyboard "d" on a run stays armed, waiting for the second. */
const KEY_CONFIRM_MS = 5000;
const URGENT_MS = 30_000;

export function createActive({ listEl, onCount }) {
  let cards = new Map();
  /** Keyboard actions per card element. */
  const actions = new WeakMap();
  let inflight = null;
  let again = false;

  /** Re-reads the queue; overlapping calls collapse into one extra read. */
  function refresh() {
    if (inflight) {
      again = true;
      return inflight;
    }
    inflight = (async () => {
      try {
        do {
          again = false;
          render(await api('GET', '/v1/approvals'));
        } while (again);
      } catch (err) {
        if (err.status !== 401) notify('error', `Could not load pending approvals: ${err.message}.`);
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  }

  function render(data) {
    const approvals = Array.isArray(data?.approvals) ? data.approvals : [];
    const groups = Array.isArray(data?.run_groups) ? data.run_groups : [];
    const ttl = Number(data?.run_grant_ttl_ms) || 0;
    const grouped = new Set();
    const entries = [];
    for (const g of groups) {
      for (const it of g.items) grouped.add(it.id);
      const ids = g.items.map((i) => i.id);
      entries.push({
        key: `g:${scopeKey(g)}|${ttl}|${ids.join(',')}`,
        at: g.earliest_created_at,
        build: () => clusterCard(g, ids, ttl),
      });
    }
    for (const a of approvals) {
      if (!grouped.has(a.id)) entries.push({ key: `a:${a.id}`, at: a.created_at, build: () => soloCard(a) });
    }
    // Oldest first: those expire soonest.
    entries.sort((x, y) => Date.parse(x.at) - Date.parse(y.at));

    const focused = document.activeElement?.closest?.('.card');
    const focusedKey = focused && listEl.contains(focused) ? focused.dataset.key : null;
    const focusedIdx = focusedKey ? [...cards.keys()].indexOf(focusedKey) : -1;

    const next = new Map();
    const els = entries.map((e) => {
      const el = cards.get(e.key) || e.build();
      el.dataset.key = e.key;
      next.set(e.key, el);
      return el;
    });
    for (const [k, el] of cards) if (!next.has(k)) el.remove();
    $$('.empty', listEl).forEach((el) => el.remove());
    els.forEach((el, i) => {
      if (listEl.children[i] !== el) listEl.insertBefore(el, listEl.children[i] || null);
    });
    cards = next;
    if (!els.length) listEl.append(emptyState());
    if (focusedKey && !next.has(focusedKey) && els.length) els[Math.min(focusedIdx, els.length - 1)].focus();
    onCount(approvals.length);
    tick();
  }

  function soloCard(a) {
    const act = a.action || {};
    const what = a.command || headline(act.params) || '';
    const el = h(
      'article',
      { class: 'card solo', tabindex: '0', 'aria-label': `Approval request: ${a.tool}` },
      h(
        'header',
        { class: 'card-head' },
        h('span', { class: 'badge tool' }, a.tool),
        h('code', { class: 'what' }, what || '(no command)'),
      ),
      a.message ? h('p', { class: 'msg' }, a.message) : null,
      meta(a),
      review(act),
      h(
        'div',
        { class: 'actions' },
        button('Approve', 'approve', () => resolveOne(a, true, false, el)),
        button('Deny', 'deny', () => resolveOne(a, false, false, el)),
        a.redacted
          ? h('span', { class: 'note' }, 'Redacted: cannot be saved as a rule')
          : confirmButton('Always allow', 'Confirm: always allow', 'always', () => resolveOne(a, true, true, el)),
      ),
    );
    actions.set(el, { approve: () => resolveOne(a, true, false, el), deny: () => resolveOne(a, false, false, el) });
    return el;
  }

  function clusterCard(g, ids, ttl) {
    const n = ids.length;
    const el = h(
      'article',
      { class: 'card cluster', tabindex: '0', 'aria-label': `Run ${g.run_id}: ${n} pending approvals` },
      h(
        'header',
        { class: 'card-head' },
        h('span', { class: 'badge run' }, 'run'),
        h('code', { class: 'what', title: g.run_id }, g.run_id),
        h('span', { class: 'count' }, `${n} pending`),
      ),
      h(
        'div',
        { class: 'meta' },
        field('agent', g.agent),
        field('session', g.session),
        field('owner', g.credential_owner),
        h('span', { class: 'age', dataset: { created: g.earliest_created_at } }),
      ),
      h(
        'div',
        { class: 'actions' },
        button(`Approve pending (${n})`, 'approve', () => bulk(g, ids, 'approve', 'pending', el)),
        confirmButton(`Allow future · ${humanMs(ttl)}`, `Confirm: allow run for ${humanMs(ttl)}`, 'future', () =>
          bulk(g, ids, 'approve', 'run', el),
        ),
        button(`Deny pending (${n})`, 'deny', () => bulk(g, ids, 'deny', 'pending', el)),
      ),
      h(
        'ol',
        { class: 'items' },
        g.items.map((it) => itemRow(it)),
      ),
    );
    actions.set(el, {
      approve: () => bulk(g, ids, 'approve', 'pending', el),
      deny: () => bulk(g, ids, 'deny', 'pending', el),
      // Denying a whole run from the keyboard is one stray key away: ask for a second press.
      confirmDeny: `Deny all ${n} pending ${plural(n)} of run ${quote(short(g.run_id, 24))}? Press d again to deny, any other key to cancel.`,
    });
    return el;
  }

  function itemRow(a) {
    const act = a.action || {};
    const what = a.command || headline(act.params) || '';
    const li = h(
      'li',
      { class: 'item' },
      h(
        'div',
        { class: 'item-head' },
        h('span', { class: 'badge tool' }, a.tool),
        h('code', { class: 'what' }, what || '(no command)'),
      ),
      a.message ? h('p', { class: 'msg' }, a.message) : null,
      h(
        'div',
        { class: 'meta' },
        h('span', { class: 'age', dataset: { created: a.created_at } }),
        h('span', { class: 'expiry', dataset: { expires: a.expires_at } }),
      ),
      review(act),
      h(
        'div',
        { class: 'actions small' },
        button('Approve one', 'approve subtle', () => resolveOne(a, true, false, li)),
        button('Deny one', 'deny subtle', () => resolveOne(a, false, false, li)),
      ),
    );
    return li;
  }

  async function resolveOne(a, approved, persist, el) {
    const what = quote(a.command || headline(a.action?.params) || a.tool);
    setBusy(el, true);
    try {
      const r = await api('POST', `/v1/approvals/${encodeURIComponent(a.id)}/resolve`, {
        approved,
        persist,
        resolved_by: 'dashboard',
      });
      if (!approved) notify('success', `Denied ${what}.`);
      else if (!persist) notify('success', `Approved ${what} once.`);
      else if (r?.persisted) notify('success', `Approved ${what} and saved an allow rule for it.`);
      else notify('warn', `Approved ${what}, but the allow rule could not be saved.`);
    } catch (err) {
      if (err.status === 410)
        notify('warn', `${what} was already resolved (or expired) elsewhere. The list is refreshed.`);
      else if (err.status === 404) notify('warn', `${what} no longer exists. The list is refreshed.`);
      else if (err.status !== 401)
        notify('error', `Could not ${approved ? 'approve' : 'deny'} ${what}: ${err.message}.`);
    }
    await refresh();
    setBusy(el, false);
  }

  // Bulk actions send exactly the ids of a fresh list, and only when they are the ids the
  // operator is looking at; anything else is shown first and must be chosen again.
  async function bulk(g, shownIds, action, scope, el) {
    const run = quote(short(g.run_id, 24));
    setBusy(el, true);
    let fresh;
    try {
      fresh = await api('GET', '/v1/approvals');
    } catch (err) {
      setBusy(el, false);
      if (err.status !== 401)
        notify('error', `Could not refresh the queue before resolving run ${run}: ${err.message}.`);
      return;
    }
    render(fresh);
    const fg = (fresh.run_groups || []).find((x) => scopeKey(x) === scopeKey(g));
    const freshIds = fg ? fg.items.map((i) => i.id) : [];
    if (!fg || !sameSet(freshIds, shownIds)) {
      setBusy(el, false);
      notify(
        'warn',
        fg
          ? `Run ${run} changed while you were looking: it now has ${freshIds.length} pending. Nothing was resolved; review the refreshed card and choose again.`
          : `Run ${run} no longer has a group of pending approvals. Nothing was resolved; the list is refreshed.`,
      );
      return;
    }
    try {
      const r = await api('POST', '/v1/approvals/bulk-resolve', {
        agent: g.agent,
        session: g.session,
        run_id: g.run_id,
        action,
        scope,
        ids: freshIds,
        resolved_by: 'dashboard',
      });
      const n = r?.resolved ?? freshIds.length;
      if (action === 'deny') notify('success', `Denied ${n} pending ${plural(n)} of run ${run}.`);
      else if (scope === 'pending') notify('success', `Approved ${n} pending ${plural(n)} of run ${run}.`);
      else if (r?.future_calls_authorized) {
        notify(
          'success',
          `Approved ${n} ${plural(n)} of run ${run}; its next calls are allowed for ${humanMs(r.grant_ttl_ms)}.`,
        );
      } else notify('warn', `Approved ${n} ${plural(n)} of run ${run}, but future calls were not authorized.`);
    } catch (err) {
      if (err.status === 409) {
        notify(
          'warn',
          `Nothing was resolved: run ${run} changed before the request arrived (409). The list is refreshed; review it and try again.`,
        );
      } else if (err.status === 503) {
        const done = (err.body.ids || []).length;
        const left = (err.body.unresolved_reviewed_ids || []).length;
        notify(
          'warn',
          `Run ${run} was only partly resolved (503): ${done} committed, ${left} still pending${scope === 'run' ? ', no future calls authorized' : ''}. The list is refreshed; review it.`,
        );
      } else if (err.status !== 401) {
        notify('error', `Could not resolve run ${run}: ${err.message}.`);
      }
    }
    await refresh();
    setBusy(el, false);
  }

  let armed = null;
  function disarm() {
    if (!armed) return;
    clearTimeout(armed.timer);
    armed.prompt.remove();
    armed.card.classList.remove('key-armed');
    armed = null;
  }

  return {
    refresh,
    /** Runs a keyboard action ('approve' | 'deny') on the card holding focus. */
    act(card, which) {
      const a = actions.get(card);
      if (!a || card.classList.contains('busy')) return;
      if (which === 'deny' && a.confirmDeny && armed?.card !== card) {
        disarm();
        const prompt = h('p', { class: 'key-confirm', role: 'alert' }, a.confirmDeny);
        card.querySelector('.actions').after(prompt);
        card.classList.add('key-armed');
        armed = { card, prompt, timer: setTimeout(disarm, KEY_CONFIRM_MS) };
        return;
      }
      disarm();
      a[which]();
    },
    /** Any other key cancels an armed keyboard deny. */
    disarm,
    cards: () => [...listEl.querySelectorAll(':scope > .card')],
  };
}

/** Updates every age and countdown on the page; runs once a second. */
export function tick(root = document) {
  const now = Date.now();
  for (const el of root.querySelectorAll('[data-created]')) el.textContent = `asked ${age(el.dataset.created, now)}`;
  for (const el of root.querySelectorAll('[data-expires]')) {
    const left = Date.parse(el.dataset.expires) - now;
    el.textContent = left > 0 ? `expires in ${clock(left)}` : 'expired';
    el.classList.toggle('warn', left <= WARN_MS && left > URGENT_MS);
    el.classList.toggle('urgent', left <= URGENT_MS);
    el.closest('.item, .card')?.classList.toggle('lapsed', left <= 0);
  }
}

function meta(a) {
  return h(
    'div',
    { class: 'meta' },
    field('agent', a.agent),
    field('session', a.session),
    a.run_id ? field('run', a.run_id) : null,
    h('span', { class: 'age', dataset: { created: a.created_at } }),
    h('span', { class: 'expiry', dataset: { expires: a.expires_at } }),
  );
}

function field(label, value) {
  return h(
    'span',
    { class: 'field' },
    h('span', { class: 'label' }, label),
    ' ',
    h('span', { class: 'value', title: value }, value || '—'),
  );
}

/**
 * The action review exactly as the server wrote it: display_text is never re-parsed. The card's
 * head already shows the command, so the full text waits behind a toggle.
 */
function review(act) {
  const text = typeof act.display_text === 'string' ? act.display_text : JSON.stringify(act, null, 2);
  const lines = text.split('\n').length;
  return h(
    'details',
    { class: 'review-wrap' },
    h('summary', null, `Full request (${lines} ${lines === 1 ? 'line' : 'lines'})`),
    h('pre', { class: 'review', 'aria-label': 'Action under review' }, text),
  );
}

function emptyState() {
  return h(
    'div',
    { class: 'empty' },
    h('p', { class: 'empty-title' }, 'Nothing is waiting for you.'),
    h('p', null, 'When a policy asks for approval, the request appears here at once.'),
  );
}

function setBusy(el, busy) {
  el.classList.toggle('busy', busy);
  for (const b of el.querySelectorAll('button')) b.disabled = busy;
}

function scopeKey(g) {
  return [g.agent, g.session, g.run_id, g.credential_owner].join('\u0000');
}

function sameSet(a, b) {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
}

const plural = (n) => (n === 1 ? 'call' : 'calls');
