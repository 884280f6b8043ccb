// History tab: one UTC day of audit events, newest first, with a search over commands, paths and
// URLs (done by the server, so it covers the whole day), filters and paging. While the first page
// of today is shown, new decisions arrive live from the SSE stream. A row opens the event drawer.
import { h, fill, localTime, todayUTC, short, actionClass, headline, button } from './dom.js';
import { api, query } from './api.js';

const PAGE_SIZE = 50;
const FILTERS = ['q', 'tool', 'action', 'agent', 'session', 'run_id'];
const SEARCH_DEBOUNCE_MS = 250;
const ACTIONS = ['allow', 'deny', 'ask', 'watch', 'approved', 'denied', 'authorized'];

export function createHistory({ panel, drawer }) {
  const state = {
    date: todayUTC(),
    f: blankFilters(),
    offset: 0,
    back: [],
    next: 0,
    total: 0,
    shown: new Set(),
    loaded: false,
  };
  let reloadTimer = null;
  let seq = 0;

  const inputs = {
    q: h('input', {
      type: 'search',
      name: 'q',
      id: 'history-search',
      placeholder: 'Search commands, paths, URLs',
      spellcheck: 'false',
      maxlength: '256',
      'aria-label': 'Search commands, paths and URLs',
    }),
    date: h('input', { type: 'date', name: 'date', value: state.date, 'aria-label': 'Day (UTC)' }),
    tool: h('input', { type: 'text', name: 'tool', placeholder: 'any', spellcheck: 'false' }),
    action: h(
      'select',
      { name: 'action' },
      h('option', { value: '' }, 'any'),
      ACTIONS.map((a) => h('option', { value: a }, a)),
    ),
    agent: h('input', { type: 'text', name: 'agent', placeholder: 'any', spellcheck: 'false' }),
    session: h('input', { type: 'text', name: 'session', placeholder: 'any', spellcheck: 'false' }),
    run_id: h('input', { type: 'text', name: 'run_id', placeholder: 'any', spellcheck: 'false' }),
  };
  const label = (text, input) => h('label', { class: 'filter' }, h('span', null, text), input);
  const form = h(
    'form',
    {
      class: 'filters',
      onsubmit: (e) => {
        e.preventDefault();
        applyForm();
      },
    },
    h('label', { class: 'filter search' }, h('span', null, 'Search'), inputs.q),
    label('Day (UTC)', inputs.date),
    label('Tool', inputs.tool),
    label('Decision', inputs.action),
    label('Agent', inputs.agent),
    label('Session', inputs.session),
    label('Run', inputs.run_id),
    h(
      'div',
      { class: 'filter-buttons' },
      h('button', { type: 'submit', class: 'btn primary' }, 'Apply'),
      button('Clear', 'ghost', clearFilters),
    ),
  );
  inputs.date.addEventListener('change', applyForm);
  inputs.action.addEventListener('change', applyForm);
  let searchTimer = null;
  inputs.q.addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(applyForm, SEARCH_DEBOUNCE_MS);
  });

  const trace = h('div', { class: 'trace', hidden: true });
  const summary = h('p', { class: 'summary', 'aria-live': 'polite' });
  // The pager sits above and below the table, so a long page never needs scrolling back.
  const prevBtns = [0, 1].map(() => button('‹ Newer', 'ghost', () => page(-1), { disabled: true }));
  const nextBtns = [0, 1].map(() => button('Older ›', 'ghost', () => page(1), { disabled: true }));
  const tbody = h('tbody');
  const table = h(
    'table',
    { class: 'events' },
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        ['Time', 'Decision', 'Tool', 'What', 'Agent', 'Session', 'Run', 'Policy'].map((c) =>
          h('th', { scope: 'col' }, c),
        ),
      ),
    ),
    tbody,
  );
  fill(
    panel,
    form,
    trace,
    h('div', { class: 'pager' }, summary, h('div', { class: 'pager-buttons' }, prevBtns[0], nextBtns[0])),
    h('div', { class: 'table-wrap' }, table),
    h('div', { class: 'pager bottom' }, h('div', { class: 'pager-buttons' }, prevBtns[1], nextBtns[1])),
  );

  function blankFilters() {
    return Object.fromEntries(FILTERS.map((k) => [k, '']));
  }

  function applyForm() {
    state.date = inputs.date.value || todayUTC();
    for (const k of FILTERS) state.f[k] = inputs[k].value.trim();
    reset();
  }

  function clearFilters() {
    for (const k of FILTERS) inputs[k].value = '';
    applyForm();
  }

  function setRun(runId) {
    inputs.run_id.value = runId;
    applyForm();
  }

  function reset() {
    state.offset = 0;
    state.back = [];
    load();
  }

  function page(dir) {
    if (dir > 0 && state.next > 0) {
      state.back.push(state.offset);
      state.offset = state.next;
    } else if (dir < 0 && state.back.length) {
      state.offset = state.back.pop();
    } else return;
    load();
  }

  async function load() {
    const mine = ++seq;
    summary.textContent = 'Loading…';
    let r;
    try {
      r = await api(
        'GET',
        `/v1/audit/events${query({ date: state.date, limit: PAGE_SIZE, offset: state.offset || undefined, ...state.f })}`,
      );
    } catch (err) {
      if (mine !== seq) return;
      tbody.replaceChildren();
      state.shown.clear();
      summary.textContent =
        err.status === 503
          ? 'The audit log is not configured on this server.'
          : `Could not load events: ${err.message}.`;
      for (const b of [...prevBtns, ...nextBtns]) b.disabled = true;
      return;
    }
    if (mine !== seq) return;
    state.loaded = true;
    state.next = Number(r.next_offset) || 0;
    state.total = Number(r.total_in_file) || 0;
    state.shown.clear();
    tbody.replaceChildren();
    for (const ev of r.events || []) addRow(ev, false);
    updateChrome((r.events || []).length);
  }

  function updateChrome(count) {
    const from = state.offset + 1;
    const rows = count ?? state.shown.size;
    const filtered = FILTERS.some((k) => state.f[k]);
    summary.textContent = rows
      ? `Showing ${from}–${state.offset + rows} · ${state.total} ${state.total === 1 ? 'event' : 'events'} in the log for ${state.date}${filtered ? ' (filtered)' : ''}`
      : `No events${filtered ? ' match these filters' : ''} for ${state.date}.`;
    for (const b of prevBtns) b.disabled = state.back.length === 0;
    for (const b of nextBtns) b.disabled = !(state.next > 0);
    // The bottom pager is only worth its space below a long page.
    prevBtns[1].parentElement.parentElement.hidden = tbody.querySelectorAll('tr.event').length < 15;
    const run = state.f.run_id;
    trace.hidden = !run;
    if (run) {
      fill(
        trace,
        'Tracing run ',
        h('code', null, run),
        ' across this day.',
        button('Show all runs', 'ghost small', () => setRun('')),
      );
    }
  }

  function addRow(ev, live) {
    if (!ev || state.shown.has(ev.id)) return;
    state.shown.add(ev.id);
    const d = ev.decision || {};
    const req = ev.request || {};
    const what = headline(req) || headline(req.params) || '';
    const kind = typeof req.action === 'string' ? req.action : '';
    const policy = (d.matched_policies || [])[0] || '';
    const toggle = h(
      'button',
      { type: 'button', class: 'linklike what', title: what ? `${what}\n(show details)` : 'Show details' },
      what || kind || '(details)',
    );
    toggle.addEventListener('click', () => drawer.open(ev));
    const row = h(
      'tr',
      { class: live ? 'event fresh' : 'event', dataset: { id: ev.id } },
      h('td', { 'data-label': 'Time', title: ev.timestamp }, localTime(ev.timestamp)),
      h('td', { 'data-label': 'Decision' }, h('span', { class: `pill ${actionClass(d.action)}` }, d.action || '?')),
      h('td', { 'data-label': 'Tool' }, ev.tool),
      h(
        'td',
        { 'data-label': 'What', class: 'what-cell' },
        kind && what ? h('span', { class: 'kind' }, kind) : null,
        toggle,
      ),
      h('td', { 'data-label': 'Agent' }, ev.agent),
      h('td', { 'data-label': 'Session', title: ev.session }, short(ev.session, 16)),
      h(
        'td',
        { 'data-label': 'Run' },
        ev.run_id
          ? h(
              'button',
              {
                type: 'button',
                class: 'linklike run',
                title: `Trace run ${ev.run_id}`,
                onclick: () => setRun(ev.run_id),
              },
              short(ev.run_id, 14),
            )
          : '—',
      ),
      h('td', { 'data-label': 'Policy' }, policy || '—'),
    );
    if (live) {
      tbody.prepend(row);
      // Keep one page: drop the oldest row.
      while (tbody.querySelectorAll('tr.event').length > PAGE_SIZE) {
        const last = tbody.lastElementChild;
        state.shown.delete(last.dataset.id);
        last.remove();
        if (!state.next) state.next = PAGE_SIZE;
      }
    } else tbody.append(row);
  }

  function matches(ev) {
    if (ev.timestamp?.slice(0, 10) !== state.date) return false;
    const f = state.f;
    return (
      (!f.tool || ev.tool === f.tool) &&
      (!f.action || ev.decision?.action === f.action) &&
      (!f.agent || ev.agent === f.agent) &&
      (!f.session || ev.session === f.session) &&
      (!f.run_id || ev.run_id === f.run_id) &&
      (!f.q || searchText(ev.request).includes(f.q.toLowerCase()))
    );
  }

  /** True while new events belong at the top of what is shown. */
  const isLive = () => state.loaded && state.offset === 0 && state.date === todayUTC();

  return {
    load,
    onAudit(ev) {
      if (!isLive() || !matches(ev)) return;
      state.total++;
      addRow(ev, true);
      updateChrome();
    },
    onBatch() {
      if (!isLive()) return;
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(load, 250);
    },
    /** After a reconnect: only today's first page can have missed anything that matters. */
    resync() {
      if (isLive() || !state.loaded) load();
    },
  };
}

/** The same fields the server searches (GET /v1/audit/events?q=), for rows that arrive live. */
function searchText(req) {
  const parts = [];
  for (const obj of [req, req?.params]) {
    if (!obj || typeof obj !== 'object') continue;
    for (const k of ['command', 'path', 'file_path', 'url']) if (typeof obj[k] === 'string') parts.push(obj[k]);
  }
  return parts.join('\n').toLowerCase();
}
