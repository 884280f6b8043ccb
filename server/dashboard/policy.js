// Policy tab: what is loaded (status, the files layered into the set, load errors), the shadow
// set beside it and its latest differences from the live set (with a button to make it live),
// the rule summary with each policy's YAML, a reload button, and the rules learned through
// "always allow", each removable. Layer, error and shadow fields are read when the server sends
// them.
import { h, fill, actionClass, button, confirmButton, localTime } from './dom.js';
import { api } from './api.js';
import { notify, quote } from './notice.js';

export function createPolicy({ panel, onStatus }) {
  const statusBox = h('div', { class: 'kv' });
  const errorBox = h('div', { id: 'policy-errors' });
  const layersBox = h('div', { id: 'policy-layers' });
  const sourcesBox = h('div', { id: 'policy-sources' });
  const reloadResult = h('p', { class: 'reload-result', role: 'status' });
  const reloadBtn = button('Reload policies', 'primary', reload);
  const summaryText = h('p', { class: 'policy-summary' });
  const rulesBody = h('tbody');
  const learnedBox = h('div');
  const shadowPanel = h('section', { class: 'panel', id: 'policy-shadow', hidden: true });

  fill(
    panel,
    h(
      'section',
      { class: 'panel' },
      h('div', { class: 'panel-head' }, h('h2', null, 'Loaded policy'), reloadBtn),
      errorBox,
      statusBox,
      reloadResult,
    ),
    h('section', { class: 'panel' }, h('h2', null, 'Active layers'), layersBox),
    shadowPanel,
    h(
      'section',
      { class: 'panel' },
      h('h2', null, 'Rules'),
      summaryText,
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: 'rules' },
          h('thead', null, h('tr', null, h('th', null, 'Policy'), h('th', null, 'Action'), h('th', null, 'Summary'))),
          rulesBody,
        ),
      ),
    ),
    h(
      'section',
      { class: 'panel' },
      h('h2', null, 'Rule text'),
      h('p', { class: 'hint' }, 'Each policy as written in its file. Open one to read it.'),
      sourcesBox,
    ),
    h(
      'section',
      { class: 'panel' },
      h('h2', null, 'Learned rules'),
      h('p', { class: 'hint' }, 'Added by “Always allow”. Deleting one makes matching calls ask again.'),
      learnedBox,
    ),
  );

  async function load() {
    await Promise.all([loadStatus(), loadSummary(), loadLearned(), loadShadow()]);
  }

  /** A new difference arrived on the live stream: refresh the list, at most every half second. */
  let shadowTimer = null;
  function onShadowDiff() {
    if (shadowTimer) return;
    shadowTimer = setTimeout(() => {
      shadowTimer = null;
      loadShadow();
    }, 500);
  }

  async function loadShadow() {
    let s;
    try {
      s = await api('GET', '/v1/policy/shadow');
    } catch (err) {
      // An older server without the route: no shadow section.
      shadowPanel.hidden = true;
      return;
    }
    if (!s.configured) {
      shadowPanel.hidden = true;
      return;
    }
    shadowPanel.hidden = false;
    const pairs = Object.entries(s.by_pair || {}).sort((a, b) => b[1] - a[1]);
    const same = s.hash && s.hash === s.live_hash;
    fill(
      shadowPanel,
      h(
        'div',
        { class: 'panel-head' },
        h('h2', null, 'Shadow policy set'),
        s.loaded && !s.error && !same
          ? confirmButton('Make live', 'Confirm: make live', 'primary', promote, { id: 'shadow-promote' })
          : null,
      ),
      h(
        'p',
        { class: 'hint' },
        'Decided beside the live set on every call and never enforced. Where the two differ, the audit event records the shadow’s answer.',
      ),
      s.error
        ? h(
            'div',
            { class: 'load-errors', role: 'alert', id: 'shadow-error' },
            h(
              'strong',
              null,
              s.loaded
                ? 'The last shadow edit did not load; its previous version is used.'
                : 'The shadow set does not load.',
            ),
            h('ul', null, h('li', null, h('code', null, s.error))),
          )
        : null,
      h(
        'div',
        { class: 'kv' },
        kv('Directory', h('code', null, s.dir)),
        ...(s.loaded
          ? [
              kv('Policies', `${s.policy_count} (${s.rule_count} rules)`),
              kv('Set hash', h('code', { title: s.hash }, shortHash(s.hash))),
              kv(
                'Live hash',
                h('code', { title: s.live_hash }, shortHash(s.live_hash) + (same ? ' (the same set)' : '')),
              ),
            ]
          : []),
      ),
      h(
        'p',
        { class: 'shadow-total' },
        h('strong', null, 'Differences: '),
        h(
          'span',
          { id: 'shadow-total' },
          `${s.differences_total} since the server started`,
          pairs.length ? ': ' : '',
          ...pairs.map(([k, v], i) => [i ? ', ' : '', h('span', { class: 'pair' }, ...pairLabel(k)), ` ${v}`]),
        ),
      ),
      diffTable(s.latest || []),
    );
  }

  function diffTable(rows) {
    if (!rows.length) return h('p', { class: 'muted', id: 'shadow-none' }, 'No differences yet.');
    return h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'rules shadow-diffs', id: 'shadow-diffs' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            ['Time', 'Agent', 'Call', 'Live', 'Shadow'].map((c) => h('th', null, c)),
          ),
        ),
        h(
          'tbody',
          null,
          rows.map((d) =>
            h(
              'tr',
              null,
              h('td', { 'data-label': 'Time', title: d.at }, localTime(d.at)),
              h('td', { 'data-label': 'Agent' }, d.agent || '–'),
              h(
                'td',
                { 'data-label': 'Call' },
                h('span', { class: 'badge tool' }, d.tool),
                ' ',
                h('code', null, d.subject),
              ),
              h('td', { 'data-label': 'Live' }, side(d.live)),
              h('td', { 'data-label': 'Shadow' }, side(d.shadow)),
            ),
          ),
        ),
      ),
    );
  }

  async function promote() {
    try {
      const r = await api('POST', '/v1/policy/promote');
      notify('success', `The shadow set is live now (${shortHash(r.to_hash)}).`);
    } catch (err) {
      if (err.status !== 401)
        notify('error', `Could not make the shadow set live: ${err.message}. The live set is unchanged.`);
    }
    await load();
  }

  async function loadStatus() {
    try {
      const s = await api('GET', '/v1/status');
      onStatus(s);
      const counts =
        Object.entries(s.call_counts || {})
          .map(([k, v]) => `${k} ${v}`)
          .join(' · ') || 'none';
      fill(
        statusBox,
        kv('Config', h('code', null, s.config_path)),
        kv(
          'Layers',
          (s.policy_layers || []).map((l) => l.name).join(' + ') + (s.replace_base ? ' (base replaced)' : ''),
        ),
        ...(s.policy_missing
          ? [
              kv(
                'Missing files',
                h(
                  'span',
                  { class: 'error-text' },
                  `${s.policy_missing.join(', ')} disappeared; the last good set stays in force`,
                ),
              ),
            ]
          : []),
        ...(s.policy_error ? [kv('Last reload', h('span', { class: 'error-text' }, s.policy_error))] : []),
        kv('Mode', h('span', { class: `pill mode-${s.mode}` }, s.mode)),
        kv('Default action', h('span', { class: `pill ${actionClass(s.default_action)}` }, s.default_action)),
        kv('Policies', String(s.policy_count)),
        kv('Rules', String(s.rule_count)),
        kv('Calls, last hour', counts),
      );
      renderErrors(s);
      renderLayers(s);
    } catch (err) {
      if (err.status !== 401)
        fill(statusBox, h('p', { class: 'error-text' }, `Could not load status: ${err.message}.`));
    }
  }

  async function loadSummary() {
    try {
      const s = await api('GET', '/v1/policy/summary');
      summaryText.textContent = s.summary || '';
      rulesBody.replaceChildren(
        ...(s.rules || []).map((r) =>
          h(
            'tr',
            null,
            h('td', null, r.name),
            h('td', null, h('span', { class: `pill ${actionClass(r.action)}` }, r.action)),
            h('td', null, r.summary),
          ),
        ),
      );
      renderSources(s.policies);
      if (!(s.rules || []).length)
        rulesBody.append(
          h(
            'tr',
            null,
            h(
              'td',
              { colspan: '3', class: 'muted' },
              `No rules; every call gets the default action (${s.default_action}).`,
            ),
          ),
        );
    } catch (err) {
      if (err.status !== 401) summaryText.textContent = `Could not load the rule summary: ${err.message}.`;
    }
  }

  /** Load errors under any of the names a server uses; the last good set stays in force. */
  function renderErrors(s) {
    const errs = [];
    const add = (e) => {
      if (!e) return;
      if (Array.isArray(e)) e.forEach(add);
      else if (typeof e === 'string') errs.push(e);
      else if (typeof e === 'object')
        errs.push(
          [e.file || e.path, e.line ? `line ${e.line}` : '', e.message || e.error || JSON.stringify(e)]
            .filter(Boolean)
            .join(': '),
        );
    };
    add(s.load_errors);
    add(s.policy_error);
    const missing = Array.isArray(s.policy_missing) ? s.policy_missing : [];
    if (!errs.length && !missing.length)
      return fill(errorBox, h('p', { class: 'ok-text', id: 'policy-ok' }, 'Loaded without errors.'));
    fill(
      errorBox,
      h(
        'div',
        { class: 'load-errors', role: 'alert' },
        h(
          'strong',
          null,
          errs.length
            ? 'The last edit did not load; the previous policies stay in force.'
            : 'Some policy files are missing; the previous set stays in force.',
        ),
        h(
          'ul',
          null,
          errs.map((e) => h('li', null, h('code', null, e))),
          missing.map((m) =>
            h('li', null, 'missing: ', h('code', null, typeof m === 'string' ? m : m.path || JSON.stringify(m))),
          ),
        ),
      ),
    );
  }

  function renderLayers(s) {
    const layers = Array.isArray(s.policy_layers) ? s.policy_layers : Array.isArray(s.layers) ? s.layers : null;
    if (!layers) {
      return fill(
        layersBox,
        h(
          'p',
          { class: 'muted' },
          'This server does not report layers; the set is loaded from ',
          h('code', null, s.config_path || '?'),
          '.',
        ),
      );
    }
    if (!layers.length) return fill(layersBox, h('p', { class: 'muted' }, 'No policy files are loaded.'));
    fill(
      layersBox,
      h(
        'ol',
        { class: 'layers' },
        layers.map((l) =>
          h(
            'li',
            null,
            h('span', { class: 'badge tool' }, l.kind || 'file'),
            ' ',
            h('strong', null, l.name || ''),
            l.path ? [' ', h('code', { class: 'muted' }, l.path)] : null,
          ),
        ),
      ),
      s.replace_base
        ? h('p', { class: 'hint' }, 'The project replaces the base profile instead of layering on it.')
        : null,
      projectLayers(s.project_layers),
    );
  }

  /** Repositories' own .svc/ layers seen by the server (stricter only; docs/project-policy.md). */
  function projectLayers(list) {
    if (!Array.isArray(list) || !list.length) return null;
    return h(
      'div',
      { class: 'project-layers', id: 'project-layers' },
      h('strong', null, 'Project layers (calls made in these repositories; deny, ask and watch only)'),
      h(
        'ul',
        null,
        list.map((p) =>
          h(
            'li',
            null,
            h('span', { class: 'badge tool' }, 'project'),
            ' ',
            h('code', null, p.root),
            ` ${p.policy_count} policies, ${p.rule_count} rules`,
            (p.files || []).map((f) => [' ', h('code', { class: 'muted' }, f)]),
            p.error ? h('p', { class: 'error-text' }, p.error) : null,
            (p.refused || []).length
              ? h(
                  'ul',
                  null,
                  p.refused.map((r) => h('li', { class: 'error-text' }, 'refused: ', h('code', null, r))),
                )
              : null,
          ),
        ),
      ),
    );
  }

  function renderSources(list) {
    if (!Array.isArray(list))
      return fill(sourcesBox, h('p', { class: 'muted' }, 'This server does not send the rule text.'));
    if (!list.length) return fill(sourcesBox, h('p', { class: 'muted' }, 'No policies are loaded.'));
    // Keep open the ones the operator opened, across refreshes.
    const open = new Set([...sourcesBox.querySelectorAll('details[open]')].map((d) => d.dataset.key));
    fill(
      sourcesBox,
      list.map((p) => {
        const key = `${p.file}:${p.line}:${p.name}`;
        return h(
          'details',
          { class: 'policy-src', dataset: { key, name: p.name }, open: open.has(key) },
          h('summary', null, h('strong', null, p.name), h('span', { class: 'muted' }, ` ${p.file}:${p.line}`)),
          p.source
            ? h('pre', { class: 'yaml' }, p.source + (p.truncated ? '\n…' : ''))
            : h('p', { class: 'muted' }, 'The file could not be read.'),
        );
      }),
    );
  }

  async function loadLearned() {
    let rules;
    try {
      rules = (await api('GET', '/v1/rules/auto-allowed')).rules || [];
    } catch (err) {
      if (err.status !== 401)
        fill(learnedBox, h('p', { class: 'error-text' }, `Could not load learned rules: ${err.message}.`));
      return;
    }
    if (!rules.length) {
      fill(learnedBox, h('p', { class: 'muted' }, 'No learned rules yet.'));
      return;
    }
    fill(
      learnedBox,
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: 'rules learned' },
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              ['Name', 'Tool', 'Pattern', 'Created', ''].map((c) => h('th', null, c)),
            ),
          ),
          h(
            'tbody',
            null,
            rules.map((r) =>
              h(
                'tr',
                null,
                h('td', { 'data-label': 'Name' }, h('code', null, r.name)),
                h('td', { 'data-label': 'Tool' }, r.tool),
                h('td', { 'data-label': 'Pattern' }, h('code', null, r.command_pattern || r.path_pattern || '')),
                h(
                  'td',
                  { 'data-label': 'Created', title: r.created },
                  r.created ? `${r.created.slice(0, 10)} ${localTime(r.created)}` : '',
                ),
                h(
                  'td',
                  null,
                  confirmButton('Delete', 'Confirm delete', 'deny small', () => removeRule(r.name)),
                ),
              ),
            ),
          ),
        ),
      ),
    );
  }

  async function removeRule(name) {
    try {
      await api('DELETE', `/v1/rules/auto-allowed/${encodeURIComponent(name)}`);
      notify('success', `Deleted the learned rule ${quote(name)}.`);
    } catch (err) {
      if (err.status === 404) notify('warn', `The rule ${quote(name)} was already gone.`);
      else if (err.status !== 401) notify('error', `Could not delete ${quote(name)}: ${err.message}.`);
    }
    await Promise.all([loadLearned(), loadStatus(), loadSummary()]);
  }

  async function reload() {
    reloadBtn.disabled = true;
    reloadResult.className = 'reload-result';
    reloadResult.textContent = 'Reloading…';
    try {
      const r = await api('POST', '/v1/policy/reload');
      reloadResult.classList.add('ok');
      reloadResult.textContent = `Reloaded: ${r.policies_loaded} ${r.policies_loaded === 1 ? 'policy' : 'policies'}, ${r.rules_total} ${r.rules_total === 1 ? 'rule' : 'rules'} in ${r.reload_time_ms} ms.`;
      await Promise.all([loadStatus(), loadSummary(), loadLearned()]);
    } catch (err) {
      reloadResult.classList.add('bad');
      reloadResult.textContent =
        err.status === 429
          ? 'Reloaded less than a second ago; wait a moment and try again.'
          : `Reload failed (${err.status || 'no response'}): ${err.message}. The previous policies stay in force.`;
    } finally {
      reloadBtn.disabled = false;
    }
  }

  return { load, onShadowDiff };
}

function shortHash(h) {
  return h ? `${h.slice(0, 19)}…` : '–';
}

function pairLabel(k) {
  const [from, to] = String(k).split('->');
  return [
    h('span', { class: `pill ${actionClass(from)}` }, from),
    ' → ',
    h('span', { class: `pill ${actionClass(to)}` }, to),
  ];
}

/** One side of a difference: its action and the rule that gave it. */
function side(b) {
  if (!b) return '–';
  const rule = b.policy ? `${b.policy}${b.rule ? ` rule ${b.rule}` : ''}` : 'default';
  return h(
    'span',
    null,
    h('span', { class: `pill ${actionClass(b.action)}` }, b.action),
    ' ',
    h('span', { class: 'muted' }, rule),
  );
}

function kv(k, v) {
  return h('div', { class: 'kv-row' }, h('span', { class: 'k' }, k), h('span', { class: 'v' }, v));
}
