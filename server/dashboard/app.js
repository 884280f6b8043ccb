// Entry point: token gate, header, tabs, keyboard, and the live connection that keeps the four
// tabs current. The SSE stream only says "something changed"; state always comes from the API.
import { $, $$, humanSeconds } from './dom.js';
import { api, token, onUnauthorized } from './api.js';
import { connectLive } from './live.js';
import { createActive, tick } from './active.js';
import { createHistory } from './history.js';
import { createPolicy } from './policy.js';
import { createOverview } from './overview.js';
import { createDrawer } from './drawer.js';

const HEADER_REFRESH_MS = 30_000;
/** A safety net under SSE: a notification lost to a dropped stream is caught within this time. */
const QUEUE_POLL_MS = 30_000;
const APPROVALS_DEBOUNCE_MS = 100;
const TABS = ['active', 'overview', 'history', 'policy'];
/** The Overview's window slides once in this while nothing happens. */
const OVERVIEW_TICK_MS = 30_000;

let live = null;
let started = false;
let uptimeBase = null;
let approvalsTimer = null;

const active = createActive({ listEl: $('#active-list'), onCount: setPending });
const drawer = createDrawer();
const historyTab = createHistory({ panel: $('#panel-history'), drawer });
const overview = createOverview({ panel: $('#panel-overview'), onOpenEvent: (ev) => drawer.open(ev) });
const policy = createPolicy({ panel: $('#panel-policy'), onStatus: setStatus });

function init() {
  takeFragmentToken();
  onUnauthorized(() => {
    stopLive();
    token.clear();
    showGate('The server rejected the token. Enter the admin token again.');
  });
  $('#gate-form').addEventListener('submit', onGateSubmit);
  $('#change-token').addEventListener('click', () => {
    stopLive();
    token.clear();
    showGate();
  });
  for (const name of TABS) $(`#tab-${name}`).addEventListener('click', () => selectTab(name, true));
  window.addEventListener('hashchange', () => {
    // A #token= link opened in a tab that already shows the page.
    if (takeFragmentToken()) start();
    else selectTab(tabFromHash(), false);
  });
  document.addEventListener('keydown', onKey);
  selectTab(tabFromHash(), false);
  setInterval(() => {
    tick();
    renderUptime();
  }, 1000);
  if (token.get()) start();
  else showGate();
}

/** `#token=...` prefills the token once and is removed from the address bar (and history). */
function takeFragmentToken() {
  const m = /(?:^#|&)token=([^&]*)/.exec(location.hash);
  if (!m) return false;
  let t = '';
  try {
    t = decodeURIComponent(m[1]).trim();
  } catch {
    // A mangled fragment is simply not a token.
  }
  replaceHash('#active');
  if (!t) return false;
  token.set(t);
  return true;
}

function replaceHash(hash) {
  window.history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
}

async function start() {
  try {
    await api('GET', '/v1/status').then(setStatus);
  } catch (err) {
    if (err.status === 403) {
      stopLive();
      return showGate('This token is valid but lacks admin scope.');
    }
    if (err.status === 401) return; // the 401 handler already shows the gate
    setConn('reconnecting');
  }
  hideGate();
  if (!started) {
    started = true;
    // Background refreshes pause while the page has no usable token.
    const ready = () => token.get() && $('#gate').hidden;
    setInterval(() => ready() && refreshHeader(), HEADER_REFRESH_MS);
    setInterval(() => ready() && document.visibilityState === 'visible' && active.refresh(), QUEUE_POLL_MS);
    setInterval(() => ready() && overview.tick(), OVERVIEW_TICK_MS);
  }
  refreshAll();
  stopLive();
  live = connectLive({
    tokenFn: () => token.get(),
    onState: setConn,
    onOpen: refreshAll,
    probe: () => api('GET', '/v1/status'),
    onMessage(msg) {
      if (msg.type === 'approvals') {
        clearTimeout(approvalsTimer);
        approvalsTimer = setTimeout(active.refresh, APPROVALS_DEBOUNCE_MS);
      } else if (msg.type === 'audit' && msg.event) {
        historyTab.onAudit(msg.event);
        overview.onAudit(msg.event);
      } else if (msg.type === 'audit_batch') {
        historyTab.onBatch();
        overview.onBatch();
      } else if (msg.type === 'shadow_diff' && currentTab() === 'policy') {
        policy.onShadowDiff();
      }
    },
  });
}

function stopLive() {
  if (live) live.stop();
  live = null;
}

function refreshAll() {
  active.refresh();
  refreshHeader();
  historyTab.resync();
  if (currentTab() === 'policy') policy.load();
  if (currentTab() === 'overview') overview.load();
}

async function refreshHeader() {
  try {
    const [status, health] = await Promise.all([
      api('GET', '/v1/status'),
      fetch('/healthz', { cache: 'no-store' }).then((r) => r.json()),
    ]);
    setStatus(status);
    uptimeBase = { seconds: Number(health.uptime_seconds) || 0, at: Date.now() };
    renderUptime();
  } catch {
    // The connection indicator already says the server is away.
  }
}

function setStatus(s) {
  if (!s) return;
  const mode = $('#stat-mode');
  mode.textContent = s.mode;
  mode.className = `mode-${s.mode}`;
  $('#stat-policies').textContent = String(s.policy_count);
}

function setPending(n) {
  $('#stat-pending').textContent = String(n);
  const badge = $('#tab-count');
  badge.textContent = String(n);
  badge.hidden = n === 0;
  document.title = n ? `(${n}) svc · approvals` : 'svc · approvals';
}

function renderUptime() {
  if (!uptimeBase) return;
  $('#stat-uptime').textContent = humanSeconds(uptimeBase.seconds + (Date.now() - uptimeBase.at) / 1000);
}

const CONN_TEXT = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', offline: 'Not connected' };
function setConn(state) {
  $('#conn').dataset.state = state;
  $('#conn-text').textContent = CONN_TEXT[state] || state;
}

function showGate(message) {
  const wasOpen = !$('#gate').hidden;
  setConn('offline');
  $('#gate').hidden = false;
  const err = $('#gate-error');
  err.hidden = !message;
  err.textContent = message || '';
  if (wasOpen) return; // never wipe what the operator is typing
  const input = $('#gate-token');
  input.value = '';
  input.focus();
}

function hideGate() {
  $('#gate').hidden = true;
}

async function onGateSubmit(e) {
  e.preventDefault();
  const value = $('#gate-token').value.trim();
  if (!value) return;
  token.set(value);
  try {
    await api('GET', '/v1/status');
  } catch (err) {
    if (err.status === 401) return; // handled: the gate stays with its message
    token.clear();
    return showGate(
      err.status === 403 ? 'This token is valid but lacks admin scope.' : `Cannot check the token: ${err.message}.`,
    );
  }
  start();
}

function tabFromHash() {
  const t = location.hash.replace(/^#/, '');
  return TABS.includes(t) ? t : 'active';
}

function currentTab() {
  return TABS.find((t) => $(`#tab-${t}`).getAttribute('aria-selected') === 'true') || 'active';
}

function selectTab(name, push) {
  for (const t of TABS) {
    const on = t === name;
    $(`#tab-${t}`).setAttribute('aria-selected', String(on));
    $(`#tab-${t}`).tabIndex = on ? 0 : -1;
    $(`#panel-${t}`).hidden = !on;
  }
  $('#help').hidden = name !== 'active';
  if (push && location.hash !== `#${name}`) replaceHash(`#${name}`);
  if (name === 'policy' && token.get() && started) policy.load();
  if (name === 'overview' && token.get() && started) overview.shown();
  if (name !== 'history' && name !== 'overview') drawer.close();
}

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey || !$('#gate').hidden) return;
  const t = e.target;
  if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
  if (e.key === '/' && currentTab() === 'history') {
    e.preventDefault();
    $('#history-search').focus();
    return;
  }
  if (currentTab() !== 'active') return;
  if (e.key !== 'd') active.disarm();
  if (!'jkad'.includes(e.key) || e.key.length !== 1) return;
  const cards = active.cards();
  if (!cards.length) return;
  const current = document.activeElement?.closest?.('.card');
  const idx = cards.indexOf(current);
  e.preventDefault();
  if (e.key === 'j' || e.key === 'k') {
    const step = e.key === 'j' ? 1 : -1;
    const next = idx < 0 ? (step > 0 ? 0 : cards.length - 1) : Math.min(cards.length - 1, Math.max(0, idx + step));
    cards[next].focus();
    cards[next].scrollIntoView({ block: 'nearest' });
  } else if (idx >= 0) {
    active.act(cards[idx], e.key === 'a' ? 'approve' : 'deny');
  }
}

init();
