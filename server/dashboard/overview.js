// Overview tab: the last hour at a glance, kept current by the SSE stream. Decisions per minute
// by action and evaluation latency are drawn with uPlot (served locally from the package); top
// policies, agents and sessions, the recent denies and asks, and the audit log's health are text.
import { h, fill, localTime, todayUTC, actionClass, headline, short } from './dom.js';
import { api, query } from './api.js';

const WINDOW_MIN = 60;
const PAGE = 500;
/** At most this many events are read back for the hour; a busier hour shows its newest part. */
const MAX_EVENTS = 5000;
const SERIES = ['allow', 'deny', 'ask', 'watch'];
const COLORS = { allow: '#2f9e55', deny: '#d64535', ask: '#d49a1a', watch: '#3a7bd5' };
const TOP_N = 5;

export function createOverview({ panel, onOpenEvent }) {
  /**
   * Events of the last hour, by id (live rows and reloads may overlap), each with its place in
   * the log: timestamps can tie, and the chain check needs the order the log wrote them in.
   */
  let events = new Map();
  let liveSeq = 0;
  let truncated = false;
  let loaded = false;
  let seq = 0;
  let redrawTimer = null;
  let batchTimer = null;
  let health = { configured: null, days: 0, error: '' };

  const tiles = h('div', { class: 'tiles' });
  const rateBox = h('div', { class: 'chart', id: 'chart-rate' });
  const latBox = h('div', { class: 'chart', id: 'chart-latency' });
  const topPolicies = h('div', { class: 'top', id: 'top-policies' });
  const topAgents = h('div', { class: 'top', id: 'top-agents' });
  const topSessions = h('div', { class: 'top', id: 'top-sessions' });
  const recent = h('div', { id: 'recent-blocks' });
  const healthBox = h('div', { class: 'kv', id: 'audit-health' });
  const note = h('p', { class: 'hint', id: 'overview-note' });

  const card = (title, body, extra = {}) => h('section', { class: 'panel', ...extra }, h('h2', null, title), body);
  fill(
    panel,
    tiles,
    note,
    h(
      'div',
      { class: 'grid-2' },
      card('Decisions per minute', rateBox, { class: 'panel chart-panel' }),
      card('Evaluation latency', latBox, { class: 'panel chart-panel' }),
    ),
    h(
      'div',
      { class: 'grid-3' },
      card('Top policies', topPolicies),
      card('Top agents', topAgents),
      card('Top sessions', topSessions),
    ),
    h('div', { class: 'grid-2' }, card('Denies and asks, last hour', recent), card('Audit log', healthBox)),
  );

  const U = window.uPlot;
  let rateChart = null;
  let latChart = null;

  function chartOpts(width, series, yLabel) {
    // Canvas takes no CSS variables or currentColor: read the page's colours (light or dark).
    const css = getComputedStyle(panel);
    const ink = css.getPropertyValue('--muted').trim() || '#5d6676';
    const grid = { stroke: 'rgba(128,128,128,0.18)' };
    const ticks = { stroke: 'rgba(128,128,128,0.35)' };
    return {
      width,
      height: 200,
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.15))] } },
      axes: [
        { stroke: ink, values: (_u, splits) => splits.map(hhmm), grid, ticks },
        { stroke: ink, label: yLabel, size: 64, grid, ticks },
      ],
      series: [{ label: 'time' }, ...series],
    };
  }

  function ensureCharts() {
    if (!U || rateChart || panel.hidden) return;
    const w = Math.max(200, rateBox.clientWidth);
    rateChart = new U(
      chartOpts(
        w,
        SERIES.map((a) => ({ label: a, stroke: COLORS[a], width: 2, points: { size: 4 } })),
        'calls',
      ),
      emptyData(SERIES.length),
      rateBox,
    );
    latChart = new U(
      chartOpts(
        w,
        [
          { label: 'median µs', stroke: '#3a7bd5', width: 2, points: { size: 4 } },
          { label: 'max µs', stroke: '#8a63d2', width: 1, dash: [4, 4], points: { size: 3 } },
        ],
        'µs',
      ),
      emptyData(2),
      latBox,
    );
  }

  new ResizeObserver(() => resize()).observe(rateBox);

  // The axes' colours are fixed when a chart is made: remake both when the scheme changes.
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (!rateChart) return;
    rateChart.destroy();
    latChart.destroy();
    rateChart = latChart = null;
    if (loaded) render();
  });

  function resize() {
    if (!rateChart || panel.hidden) return;
    const w = Math.max(200, rateBox.clientWidth);
    if (w !== rateChart.width) {
      rateChart.setSize({ width: w, height: 200 });
      latChart.setSize({ width: Math.max(200, latBox.clientWidth), height: 200 });
    }
  }

  function emptyData(n) {
    return [[], ...Array.from({ length: n }, () => [])];
  }

  async function load() {
    const mine = ++seq;
    const since = Date.now() - WINDOW_MIN * 60_000;
    const days = [...new Set([new Date(since).toISOString().slice(0, 10), todayUTC()])];
    const got = new Map();
    let cut = false;
    try {
      for (const date of days.reverse()) {
        let offset = 0;
        for (;;) {
          const r = await api('GET', `/v1/audit/events${query({ date, limit: PAGE, offset: offset || undefined })}`);
          let older = false;
          for (const ev of r.events || []) {
            if (Date.parse(ev.timestamp) < since) {
              older = true;
              break;
            }
            got.set(ev.id, { ev, ord: -got.size });
          }
          if (got.size >= MAX_EVENTS) cut = true;
          if (older || cut || !r.next_offset) break;
          offset = r.next_offset;
        }
        if (cut) break;
      }
      const dates = await api('GET', '/v1/audit/dates');
      health = { configured: true, days: (dates.dates || []).length, error: '' };
    } catch (err) {
      if (mine !== seq) return;
      health = { configured: err.status === 503 ? false : null, days: 0, error: err.status === 503 ? '' : err.message };
    }
    if (mine !== seq) return;
    // Keep what the stream brought while the log was being read (it follows the log's order).
    for (const [id, e] of events) if (e.ord > 0 && !got.has(id)) got.set(id, e);
    events = got;
    truncated = cut;
    loaded = true;
    render();
  }

  function prune() {
    const since = Date.now() - WINDOW_MIN * 60_000;
    for (const [id, e] of events) if (Date.parse(e.ev.timestamp) < since) events.delete(id);
  }

  function render() {
    prune();
    const list = [...events.values()].sort((a, b) => a.ord - b.ord).map((e) => e.ev);
    const counts = Object.fromEntries(SERIES.map((a) => [a, 0]));
    let human = 0;
    for (const ev of list) {
      const a = ev.decision?.action;
      if (a in counts) counts[a]++;
      else human++;
    }
    const lat = list
      .map((ev) => Number(ev.decision?.evaluation_time_us))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    fill(
      tiles,
      tile('Decisions', list.length, 'total', 'last hour'),
      tile('Allowed', counts.allow, 'allow'),
      tile('Denied', counts.deny, 'deny'),
      tile('Asked', counts.ask, 'ask'),
      tile('Watched', counts.watch, 'watch'),
      tile(
        'Latency p50 / p95',
        lat.length ? `${fmtUs(pct(lat, 0.5))} / ${fmtUs(pct(lat, 0.95))}` : '–',
        'latency',
        'policy evaluation',
      ),
    );
    note.textContent =
      (human
        ? `${human} human ${human === 1 ? 'resolution' : 'resolutions'} (approved, denied, authorized) are counted in the total only. `
        : '') + (truncated ? `A busy hour: only the newest ${MAX_EVENTS} events are shown.` : '');
    note.hidden = !note.textContent;
    drawCharts(list);
    fillTop(
      topPolicies,
      list,
      (ev) => ev.decision?.matched_policies?.[0],
      'No policy matched a call in the last hour.',
      (ev) => ev.decision?.action,
    );
    fillTop(topAgents, list, (ev) => ev.agent, 'No calls in the last hour.');
    fillTop(topSessions, list, (ev) => ev.session, 'No calls in the last hour.');
    renderRecent(list);
    renderHealth(list);
  }

  function drawCharts(list) {
    ensureCharts();
    const now = Math.floor(Date.now() / 60_000);
    const xs = [];
    const per = SERIES.map(() => []);
    const lats = Array.from({ length: WINDOW_MIN }, () => []);
    for (let i = WINDOW_MIN - 1; i >= 0; i--) xs.push((now - i) * 60);
    for (const s of per) for (let i = 0; i < WINDOW_MIN; i++) s.push(0);
    for (const ev of list) {
      const i = Math.floor(Date.parse(ev.timestamp) / 60_000) - (now - WINDOW_MIN + 1);
      if (i < 0 || i >= WINDOW_MIN) continue;
      const k = SERIES.indexOf(ev.decision?.action);
      if (k >= 0) per[k][i]++;
      const us = Number(ev.decision?.evaluation_time_us);
      if (Number.isFinite(us)) lats[i].push(us);
    }
    const med = lats.map((l) =>
      l.length
        ? pct(
            l.sort((a, b) => a - b),
            0.5,
          )
        : null,
    );
    const max = lats.map((l) => (l.length ? Math.max(...l) : null));
    // What the chart holds, for anyone checking it against the log (and the tests).
    rateBox.dataset.total = String(per.reduce((n, s) => n + s.reduce((a, b) => a + b, 0), 0));
    for (let k = 0; k < SERIES.length; k++) rateBox.dataset[SERIES[k]] = String(per[k].reduce((a, b) => a + b, 0));
    if (!rateChart) return;
    rateChart.setData([xs, ...per]);
    latChart.setData([xs, med, max]);
  }

  function fillTop(box, list, keyOf, emptyText, actionOf) {
    const m = new Map();
    for (const ev of list) {
      const k = keyOf(ev);
      if (!k) continue;
      const e = m.get(k) || { n: 0, deny: 0 };
      e.n++;
      if (actionOf && actionOf(ev) === 'deny') e.deny++;
      m.set(k, e);
    }
    const rows = [...m.entries()].sort((a, b) => b[1].n - a[1].n || a[0].localeCompare(b[0])).slice(0, TOP_N);
    if (!rows.length) return fill(box, h('p', { class: 'muted' }, emptyText));
    const top = rows[0][1].n;
    fill(
      box,
      h(
        'ol',
        { class: 'bars' },
        rows.map(([k, e]) =>
          h(
            'li',
            { title: k },
            h('span', { class: 'bar-label' }, short(k, 28)),
            h(
              'span',
              { class: 'bar-count' },
              String(e.n),
              e.deny ? h('span', { class: 'bar-deny' }, ` · ${e.deny} denied`) : null,
            ),
            h('meter', { min: '0', max: String(top), value: String(e.n), 'aria-label': `${k}: ${e.n}` }),
          ),
        ),
      ),
    );
  }

  function renderRecent(list) {
    const blocks = list
      .filter((ev) => ev.decision?.action === 'deny' || ev.decision?.action === 'ask')
      .reverse()
      .slice(0, 8);
    if (!blocks.length)
      return fill(recent, h('p', { class: 'muted' }, 'Nothing was denied or asked in the last hour.'));
    fill(
      recent,
      h(
        'ul',
        { class: 'recent' },
        blocks.map((ev) =>
          h(
            'li',
            null,
            h('span', { class: 'muted time' }, localTime(ev.timestamp)),
            h('span', { class: `pill ${actionClass(ev.decision.action)}` }, ev.decision.action),
            h(
              'button',
              { type: 'button', class: 'linklike what', title: 'Show this event', onclick: () => onOpenEvent(ev) },
              headline(ev.request) || headline(ev.request?.params) || ev.tool,
            ),
          ),
        ),
      ),
    );
  }

  function renderHealth(list) {
    if (health.configured === false)
      return fill(healthBox, h('p', { class: 'muted' }, 'The audit log is not configured on this server.'));
    if (health.error)
      return fill(healthBox, h('p', { class: 'error-text' }, `Could not read the audit log: ${health.error}.`));
    // Consecutive events must link: each one's prev_hash is the hash before it. A full check
    // (recomputing every hash) is `svc audit verify`; this catches a cut or reordered stretch.
    let links = 0;
    let broken = 0;
    for (let i = 1; i < list.length; i++) {
      if (!list[i].prev_hash || !list[i - 1].hash) continue;
      if (list[i].prev_hash === list[i - 1].hash) links++;
      else broken++;
    }
    const last = list[list.length - 1];
    fill(
      healthBox,
      kv('Recording', h('span', { class: 'pill allow' }, 'on')),
      kv('Days in the log', String(health.days)),
      kv('Last event', last ? `${localTime(last.timestamp)}` : 'none in the last hour'),
      kv(
        'Chain, last hour',
        truncated || broken
          ? h(
              'span',
              { class: `pill ${broken ? 'deny' : 'other'}`, id: 'chain-state' },
              broken ? `${broken} gap${broken === 1 ? '' : 's'}` : 'partly read',
            )
          : h('span', { class: 'pill allow', id: 'chain-state' }, `${links} ${links === 1 ? 'link' : 'links'} intact`),
      ),
      h(
        'p',
        { class: 'hint full' },
        'Links are checked in the browser; run ',
        h('code', null, 'svc audit verify'),
        ' for a full check of every hash.',
      ),
    );
  }

  function scheduleRender() {
    if (redrawTimer) return;
    redrawTimer = setTimeout(() => {
      redrawTimer = null;
      render();
    }, 200);
  }

  return {
    load,
    /** A decision just recorded (from the SSE stream). */
    onAudit(ev) {
      if (!loaded || !ev?.id) return;
      if (!events.has(ev.id)) events.set(ev.id, { ev, ord: ++liveSeq });
      scheduleRender();
    },
    /** A bulk resolution wrote many events at once: read the hour again, once. */
    onBatch() {
      if (!loaded) return;
      clearTimeout(batchTimer);
      batchTimer = setTimeout(load, 250);
    },
    /** Called when the tab becomes visible: charts need a laid-out box to size themselves. */
    shown() {
      return load().then(resize);
    },
    /** Once a minute the window slides even when nothing happens. */
    tick() {
      if (loaded && !panel.hidden) render();
    },
  };
}

/** Axis labels in the same 24-hour form as every time on the page. */
function hhmm(sec) {
  return new Date(sec * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });
}

function tile(label, value, kind, sub) {
  return h(
    'div',
    { class: `tile ${kind}`, id: `tile-${kind}` },
    h('span', { class: 'tile-label' }, label),
    h('span', { class: 'tile-value' }, String(value)),
    sub ? h('span', { class: 'tile-sub' }, sub) : null,
  );
}

function kv(k, v) {
  return h('div', { class: 'kv-row' }, h('span', { class: 'k' }, k), h('span', { class: 'v' }, v));
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function fmtUs(us) {
  return us >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${Math.round(us)} µs`;
}
