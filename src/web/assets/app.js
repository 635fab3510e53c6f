// trainflops serve: the page's script (no build step, no dependencies).
// Each form becomes one request to /api/COMMAND whose words are the form's
// fields as command-line options; the answer is the JSON the command line
// prints with --json, shown with its formula, inputs, assumptions and the
// equivalent command (the X-Trainflops-Command header).
'use strict';

const EXAMPLE_SPEC = `# A small CNN on 32x32 RGB images (docs/spec-format.md)
name: small-cnn
input: [32, 32, 3]
layers:
  - {type: conv2d, name: conv, filters: 32, kernel: 3, padding: 1}
  - {type: relu, name: relu}
  - {type: maxpool2d, name: pool, kernel: 2}
  - {type: flatten, name: flatten}
  - {type: dense, name: fc, units: 10}
training: {epochs: 10, examples: 50000}
`;

// Commands whose JSON carries a citation with --cite (the "Copy citation" button).
const CITE_COMMANDS = new Set(['estimate', 'layer', 'hardware', 'tokens', 'compare']);

// Fields that are not options, or are handled specially.
const SPECIAL_FIELDS = new Set(['file', 'text', 'extra', 'arg']);

// Splits "--a 1 --b 'x y'" into words, honouring single and double quotes.
function splitWords(text) {
  const words = [];
  let word = null;
  let quote = null;
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = null; else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word = word ?? '';
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

// The command-line words of a form: positional "arg", then each filled field
// as --name value, then the free "More options" text.
function formWords(form) {
  const words = [];
  const positional = form.elements.namedItem('arg');
  if (positional && positional.value.trim()) words.push(positional.value.trim());
  for (const field of form.elements) {
    if (!field.name || SPECIAL_FIELDS.has(field.name)) continue;
    if (field.type === 'checkbox') {
      if (field.checked) words.push('--' + field.name);
    } else if (field.value.trim()) {
      words.push('--' + field.name, field.value.trim());
    }
  }
  const extra = form.elements.namedItem('extra');
  if (extra) words.push(...splitWords(extra.value));
  return words;
}

// The uploaded file or pasted text of a form, sent as the request body.
function formUpload(form) {
  const file = form.elements.namedItem('file');
  if (file && file.files.length) return {body: file.files[0], name: file.files[0].name};
  const text = form.elements.namedItem('text');
  if (text && text.value.trim()) return {body: text.value, name: null};
  return null;
}

async function run(form) {
  const params = new URLSearchParams();
  const upload = formUpload(form);
  if (upload && upload.name) params.append('file', upload.name);
  const words = formWords(form);
  const plain = words.includes('--help') || words.includes('--list');
  if (CITE_COMMANDS.has(form.dataset.command) && !plain) words.push('--cite');
  for (const word of words) params.append('arg', word);
  const init = {method: 'POST'};
  if (upload) {
    init.body = upload.body;
    init.headers = {'Content-Type': 'application/octet-stream'};
  }
  const response = await fetch('/api/' + form.dataset.command + '?' + params, init);
  const command = response.headers.get('X-Trainflops-Command') || '';
  const body = await response.text();
  if (!response.ok) {
    let message = body;
    try { message = JSON.parse(body).error; } catch (e) { /* not JSON: show as is */ }
    throw new Error(message);
  }
  // --help (and `layer --list`) answer with text, not JSON: show it as it is.
  const type = response.headers.get('Content-Type') || '';
  if (!type.startsWith('application/json')) return {command, text: body};
  return {command, json: JSON.parse(body)};
}

// --- rendering -------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : String(child));
    }
  }
  return node;
}

// A table; the columns listed in `numeric` are right-aligned.
function table(headers, rows, numeric = []) {
  const cell = (tag, c, i) => el(tag, numeric.includes(i) ? {class: 'num'} : {}, c);
  return el('table', {},
    el('thead', {}, el('tr', {}, ...headers.map((h, i) => cell('th', h, i)))),
    el('tbody', {}, ...rows.map((r) => el('tr', {}, ...r.map((c, i) => cell('td', c, i))))));
}

// A button that puts `text` on the clipboard and says so.
function copyButton(label, text) {
  const button = el('button', {type: 'button', class: 'copy', 'data-copy': label}, 'Copy ' + label);
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = 'Copied ' + label;
    } catch (e) {
      button.textContent = 'Copy failed: select the text instead';
    }
  });
  return button;
}

// The result first: value, unit, pfs-days, the interval and its label, and the
// copy buttons (value, command line, citation).
function headline(json, command) {
  const parts = headlineParts(json);
  if (!parts) return null;
  const buttons = [copyButton('value', parts.value), copyButton('command', commandToCopy(command))];
  if (json.citation && json.citation.text) {
    buttons.push(copyButton('citation', optionWording(json.citation.text)));
  }
  return el('div', {class: 'headline-box'},
    el('p', {class: 'headline'}, [parts.value, parts.pfs].filter((x) => x).join(' = ')),
    parts.interval ? el('p', {class: 'interval'}, parts.interval) : null,
    parts.label ? el('p', {class: 'label'}, parts.label) : null,
    el('div', {class: 'buttons'}, ...buttons));
}

// The per-layer share of the forward FLOP as an inline SVG bar chart.
function layerChart(layers) {
  const shares = layerShares(layers);
  if (shares.length < 2) return null;
  const g = barGeometry(shares);
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  const attrs = (node, a) => { for (const [k, v] of Object.entries(a)) node.setAttribute(k, v); return node; };
  attrs(svg, {class: 'chart', width: g.width, height: g.height, viewBox: `0 0 ${g.width} ${g.height}`,
    role: 'img', 'aria-label': 'share of forward FLOP per layer'});
  for (const b of g.bars) {
    const text = (x, anchor, content) => {
      const t = attrs(document.createElementNS(ns, 'text'),
        {x, y: b.y + b.height - 4, 'text-anchor': anchor});
      t.textContent = content;
      return t;
    };
    svg.append(text(b.x - 6, 'end', b.name.length > 28 ? b.name.slice(0, 27) + '…' : b.name));
    svg.append(attrs(document.createElementNS(ns, 'rect'),
      {class: 'bar', x: b.x, y: b.y, width: b.width, height: b.height}));
    svg.append(text(b.x + b.width + 4, 'start', b.label));
  }
  return svg;
}

// Any {low, high} found at the top level ("range", "uncertainty", ...).
function ranges(json) {
  const items = [];
  for (const [key, value] of Object.entries(json)) {
    if (value && typeof value === 'object' && 'low' in value && 'high' in value) {
      const about = [value.interval, value.label].filter((x) => x).join('; ');
      items.push(el('li', {}, `${key}: ${formatNumber(value.low)} .. ${formatNumber(value.high)}` +
        (typeof value.median === 'number' ? `, median ${formatNumber(value.median)}` : '') +
        (about ? ` (${about})` : '')));
    }
  }
  return items.length ? el('ul', {class: 'ranges'}, ...items) : null;
}

function section(title, content) {
  return content ? el('div', {class: 'part'}, el('h3', {}, title), content) : null;
}

function renderEstimate(json, command) {
  const nodes = [headline(json, command), json.uncertainty ? null : ranges(json)];
  if (Array.isArray(json.formula)) {
    nodes.push(section('Formula', el('pre', {}, json.formula.join('\n'))));
  }
  const u = json.uncertainty;
  if (u && Array.isArray(u.quantities)) {
    // Which inputs and assumptions were uncertain, and how to repeat the run.
    const rows = u.quantities.map((q) => [q.name, q.distribution, q.source]);
    nodes.push(section('Uncertainty', el('div', {},
      // label_rule already starts with the label ("Confident: the 90% interval ...").
      el('p', {}, `${u.label_rule || u.label}. Monte Carlo, ${u.samples} samples, seed ${u.seed}.`),
      table(['uncertain quantity', 'distribution', 'source'], rows),
      ...(u.notes || []).map((n) => el('p', {}, n)))));
  }
  if (json.inputs && typeof json.inputs === 'object') {
    const rows = Object.entries(json.inputs).map(([name, i]) =>
      [name, formatNumber(i.value), i.unit || '', optionWording(i.origin || '')]);
    nodes.push(section('Inputs', table(['input', 'value', 'unit', 'origin'], rows, [1])));
  }
  if (Array.isArray(json.assumptions)) {
    const rows = json.assumptions.map((a) => [a.name, String(a.value), optionWording(a.source || '')]);
    nodes.push(section('Assumptions', table(['assumption', 'value', 'source'], rows)));
  }
  if (Array.isArray(json.thresholds)) {
    const rows = json.thresholds.map((t) => [t.name, formatNumber(t.threshold_flop),
      t.exceeds, formatNumber(t.ratio), t.status]);
    nodes.push(section('Thresholds', table(['threshold', 'FLOP', 'exceeded', 'ratio', 'status'], rows)));
  }
  if (Array.isArray(json.layers) && json.layers.length) {
    const rows = json.layers.map((l) => [l.name, l.type, (l.output_shape || []).join('x'),
      formatNumber(l.params), formatNumber(l.forward_flop)]);
    nodes.push(section('Share of forward FLOP', layerChart(json.layers)));
    nodes.push(section('Layers', table(['layer', 'type', 'output', 'params', 'forward FLOP'], rows, [3, 4])));
  }
  if (Array.isArray(json.notes) && json.notes.length) {
    nodes.push(section('Notes', el('ul', {}, ...json.notes.map((n) => el('li', {}, n)))));
  }
  return nodes;
}

function renderCompare(json, command) {
  return [
    el('p', {class: 'headline'},
      `Method 1 / Method 2 = ${formatNumber(json.ratio_method1_over_method2)}`),
    el('p', {}, json.verdict),
    json.warning ? el('p', {class: 'error'}, json.warning) : null,
    el('p', {}, `utilization that reconciles them: ${formatNumber(json.reconciling_utilization)}`),
    el('h3', {}, 'Method 1'), ...renderEstimate(json.method1 || {}, command),
    el('h3', {}, 'Method 2'), ...renderEstimate(json.method2 || {}, command),
  ];
}

function renderUnits(json) {
  return [el('p', {class: 'headline'}, `${formatNumber(json.flop)} FLOP = ` +
    `${formatNumber(json.multiply_adds)} multiply-adds = ${formatNumber(json.pfs_days)} pfs-days`)];
}

function render(command, result) {
  const box = document.getElementById('result');
  const commandPart =
    el('div', {class: 'part'}, el('h3', {}, 'Command line'), el('pre', {class: 'command'}, result.command));
  if (result.text !== undefined) {
    box.replaceChildren(commandPart, el('pre', {class: 'help'}, result.text));
    box.hidden = false;
    return;
  }
  const json = result.json;
  const nodes = command === 'compare' ? renderCompare(json, result.command)
    : command === 'units' ? renderUnits(json) : renderEstimate(json, result.command);
  if (command === 'thresholds' && typeof json.flop === 'number') {
    nodes.unshift(el('p', {class: 'headline'}, formatNumber(json.flop) + ' FLOP'));
  }
  box.replaceChildren(
    commandPart,
    ...nodes.filter((n) => n),
    el('details', {}, el('summary', {}, 'JSON'), el('pre', {}, JSON.stringify(json, null, 2))));
  box.hidden = false;
}

// --- wiring ------------------------------------------------------------------

function errorBox(form) {
  let box = form.querySelector('.error');
  if (!box) {
    box = el('p', {class: 'error', role: 'alert'});
    form.append(box);
  }
  return box;
}

let CHIPS = [];

// The chip browser: the hardware table filtered by the words typed.
function showChips() {
  const filter = document.getElementById('chip-filter').value;
  const rows = chipRows(CHIPS, filter);
  const headers = ['chip', 'released', ...RATE_COLUMNS.map((c) => c.replace('_', ' ') + ' FLOP/s')];
  document.getElementById('chip-table').replaceChildren(
    el('p', {}, `${rows.length} of ${CHIPS.length} chips (peak FLOP/s per format, dense; ` +
      'Epoch AI, Data on Machine Learning Hardware, CC BY 4.0)'),
    table(headers, rows.map((r) => [r.name, r.released, ...r.peaks.map(formatNumber)]),
      RATE_COLUMNS.map((c, i) => i + 2)));
}

async function loadChips() {
  try {
    const response = await fetch('/api/chips');
    const json = await response.json();
    CHIPS = json.chips || [];
    const list = document.getElementById('chip-names');
    for (const chip of CHIPS) list.append(el('option', {value: chip.name}));
    showChips();
  } catch (e) { /* the chip list is a convenience: names can still be typed */ }
}

function showTab(name) {
  for (const button of document.querySelectorAll('nav [role=tab]')) {
    const selected = button.dataset.tab === name;
    button.classList.toggle('active', selected);
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
  }
  for (const panel of document.querySelectorAll('main [role=tabpanel]')) panel.hidden = panel.id !== name;
  for (const box of document.querySelectorAll('main .error')) box.textContent = '';
  document.getElementById('result').hidden = true;
}

// Tabs as WAI-ARIA describes them: arrows move between tabs, Home and End.
function tabKeys(event) {
  const tabs = [...document.querySelectorAll('nav [role=tab]')];
  const i = tabs.indexOf(event.target);
  const next = {ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1}[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const tab = tabs[(next + tabs.length) % tabs.length];
  showTab(tab.dataset.tab);
  tab.focus();
}

function init() {
  for (const button of document.querySelectorAll('nav [role=tab]')) {
    button.addEventListener('click', () => showTab(button.dataset.tab));
    button.addEventListener('keydown', tabKeys);
  }
  document.getElementById('chip-filter').addEventListener('input', showChips);
  for (const form of document.querySelectorAll('main form')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const box = errorBox(form);
      box.textContent = '';
      try {
        render(form.dataset.command, await run(form));
      } catch (e) {
        box.textContent = e.message;
        document.getElementById('result').hidden = true;
      }
    });
  }
  document.querySelector('.example').addEventListener('click', () => {
    document.querySelector('#estimate textarea').value = EXAMPLE_SPEC;
  });
  loadChips();
}

document.addEventListener('DOMContentLoaded', init);
