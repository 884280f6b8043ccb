// The event drawer: one audit event in full (what was asked, the decision, its place in the hash
// chain, the YAML of the policy that decided, and the other events of the same run). Opened from
// History and Overview; Escape or the close button shuts it.
import { h, fill, localTime, actionClass, headline, short } from './dom.js';
import { api, query } from './api.js';

const RELATED_MAX = 50;

export function createDrawer() {
  const body = h('div', { class: 'drawer-body' });
  const title = h('h2', { id: 'drawer-title' }, 'Event');
  const closeBtn = h(
    'button',
    { type: 'button', class: 'notice-close', 'aria-label': 'Close details', onclick: close },
    '×',
  );
  const el = h(
    'aside',
    { class: 'drawer', id: 'drawer', role: 'dialog', 'aria-labelledby': 'drawer-title', hidden: true },
    h('header', { class: 'drawer-head' }, title, closeBtn),
    body,
  );
  document.body.append(el);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !el.hidden) close();
  });

  /** Policy name -> {file, line, source}; read once per opening, the policy can be reloaded. */
  let sources = null;
  let seq = 0;
  let returnFocus = null;

  function close() {
    el.hidden = true;
    seq++;
    if (returnFocus?.isConnected) returnFocus.focus();
  }

  async function open(ev) {
    const mine = ++seq;
    returnFocus = document.activeElement;
    const d = ev.decision || {};
    const req = ev.request || {};
    const what = headline(req) || headline(req.params) || '';
    title.textContent = `${ev.tool} · ${d.action || '?'}`;
    const policyBox = h('div', { class: 'drawer-policy' }, h('p', { class: 'muted' }, 'Loading…'));
    const relatedBox = h('div', { class: 'drawer-related' });
    const policies = d.matched_policies || [];
    fill(
      body,
      what ? h('pre', { class: 'what-block' }, what) : null,
      h(
        'div',
        { class: 'event-details' },
        h(
          'dl',
          null,
          rows([
            ['Decision', h('span', { class: `pill ${actionClass(d.action)}` }, d.action || '?')],
            ['Message', d.message],
            ['Policies', policies.join(', ')],
            ['Evaluation', d.evaluation_time_us !== undefined ? `${d.evaluation_time_us} µs` : ''],
            ['Suggestions', (d.suggestions || []).join(' · ')],
            ['Time', `${localTime(ev.timestamp)} (${ev.timestamp})`],
            ['Agent', ev.agent],
            ['Session', ev.session],
            ['Run', ev.run_id],
            ['Event id', ev.id],
          ]),
        ),
      ),
      h('h3', null, 'Hash chain'),
      h(
        'div',
        { class: 'event-details' },
        h(
          'dl',
          null,
          rows([
            ['Hash', h('code', { class: 'hash' }, ev.hash || '—')],
            ['Previous', h('code', { class: 'hash' }, ev.prev_hash || '—')],
          ]),
        ),
      ),
      h('h3', null, 'Policy that decided'),
      policyBox,
      ev.run_id ? [h('h3', null, 'Same run'), relatedBox] : null,
      h(
        'details',
        { class: 'raw' },
        h('summary', null, 'Whole event (JSON)'),
        h('pre', { class: 'review' }, JSON.stringify(ev, null, 2)),
      ),
    );
    el.hidden = false;
    closeBtn.focus();

    if (!policies.length) fill(policyBox, h('p', { class: 'muted' }, `No policy matched; the default action applied.`));
    else {
      try {
        const s = await api('GET', '/v1/policy/summary');
        sources = new Map((s.policies || []).map((p) => [p.name, p]));
      } catch {
        sources = sources || new Map();
      }
      if (mine !== seq) return;
      fill(
        policyBox,
        policies.map((name) => {
          const p = sources.get(name);
          return h(
            'div',
            { class: 'policy-src' },
            h(
              'p',
              null,
              h('strong', null, name),
              p
                ? h('span', { class: 'muted' }, ` · ${p.file}:${p.line}`)
                : h('span', { class: 'muted' }, ' · not in the loaded set any more'),
            ),
            p?.source ? h('pre', { class: 'yaml' }, p.source) : null,
          );
        }),
      );
    }

    if (ev.run_id) {
      fill(relatedBox, h('p', { class: 'muted' }, 'Loading…'));
      try {
        const r = await api(
          'GET',
          `/v1/audit/events${query({ date: ev.timestamp.slice(0, 10), run_id: ev.run_id, limit: RELATED_MAX })}`,
        );
        if (mine !== seq) return;
        const others = r.events || [];
        fill(
          relatedBox,
          h(
            'ol',
            { class: 'related' },
            others.map((o) =>
              h(
                'li',
                { class: o.id === ev.id ? 'current' : '' },
                h('span', { class: 'muted time' }, localTime(o.timestamp)),
                h('span', { class: `pill ${actionClass(o.decision?.action)}` }, o.decision?.action || '?'),
                o.id === ev.id
                  ? h(
                      'span',
                      { class: 'what' },
                      `${short(headline(o.request) || headline(o.request?.params) || o.tool, 80)} (this event)`,
                    )
                  : h(
                      'button',
                      { type: 'button', class: 'linklike what', onclick: () => open(o) },
                      short(headline(o.request) || headline(o.request?.params) || o.tool, 80),
                    ),
              ),
            ),
          ),
          r.next_offset
            ? h('p', { class: 'hint' }, `The first ${RELATED_MAX} shown; trace the run in History for all.`)
            : null,
        );
      } catch (err) {
        if (mine === seq) fill(relatedBox, h('p', { class: 'error-text' }, `Could not load the run: ${err.message}.`));
      }
    }
  }

  return { open, close, isOpen: () => !el.hidden };
}

function rows(pairs) {
  return pairs.filter(([, v]) => v).map(([k, v]) => [h('dt', null, k), h('dd', null, v)]);
}
