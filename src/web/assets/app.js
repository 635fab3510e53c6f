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
  for (const word of formWords(form)) params.append('arg', word);
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

// 1.7905536e19 -> "1.791e19"; small numbers as they are.
function formatNumber(x) {
  if (typeof x !== 'number') return x === null ? '-' : String(x);
  if (x !== 0 && (Math.abs(x) >= 1e4 || Math.abs(x) < 1e-3)) {
    return x.toExponential(3).replace(/\.?0+e/, 'e').replace('e+', 'e');
  }
  return String(Number(x.toPrecision(4)));
}

function table(headers, rows) {
  return el('table', {},
    el('thead', {}, el('tr', {}, ...headers.map((h) => el('th', {}, h)))),
    el('tbody', {}, ...rows.map((r) => el('tr', {}, ...r.map((c) => el('td', {}, c))))));
}

function headline(json) {
  if (typeof json.training_flop !== 'number') return null;
  const parts = [formatNumber(json.training_flop) + ' FLOP'];
  if (typeof json.training_pfs_days === 'number') {
    parts.push(formatNumber(json.training_pfs_days) + ' pfs-days');
  }
  return el('p', {class: 'headline'}, parts.join(' = '));
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

function renderEstimate(json) {
  const nodes = [headline(json), ranges(json)];
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
      [name, formatNumber(i.value), i.unit || '', i.origin || '']);
    nodes.push(section('Inputs', table(['input', 'value', 'unit', 'origin'], rows)));
  }
  if (Array.isArray(json.assumptions)) {
    const rows = json.assumptions.map((a) => [a.name, String(a.value), a.source]);
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
    nodes.push(section('Layers', table(['layer', 'type', 'output', 'params', 'forward FLOP'], rows)));
  }
  if (Array.isArray(json.notes) && json.notes.length) {
    nodes.push(section('Notes', el('ul', {}, ...json.notes.map((n) => el('li', {}, n)))));
  }
  return nodes;
}

function renderCompare(json) {
  return [
    el('p', {class: 'headline'},
      `Method 1 / Method 2 = ${formatNumber(json.ratio_method1_over_method2)}`),
    el('p', {}, json.verdict),
    json.warning ? el('p', {class: 'error'}, json.warning) : null,
    el('p', {}, `utilization that reconciles them: ${formatNumber(json.reconciling_utilization)}`),
    el('h3', {}, 'Method 1'), ...renderEstimate(json.method1 || {}),
    el('h3', {}, 'Method 2'), ...renderEstimate(json.method2 || {}),
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
  const nodes = command === 'compare' ? renderCompare(json)
    : command === 'units' ? renderUnits(json) : renderEstimate(json);
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

async function loadChips() {
  try {
    const response = await fetch('/api/chips');
    const json = await response.json();
    const list = document.getElementById('chip-names');
    for (const chip of json.chips || json.table || []) {
      list.append(el('option', {value: chip.name}));
    }
  } catch (e) { /* the chip list is a convenience: names can still be typed */ }
}

function showTab(name) {
  for (const button of document.querySelectorAll('nav button')) {
    button.classList.toggle('active', button.dataset.tab === name);
  }
  for (const form of document.querySelectorAll('main form')) form.hidden = form.id !== name;
  document.getElementById('result').hidden = true;
}

function init() {
  for (const button of document.querySelectorAll('nav button')) {
    button.addEventListener('click', () => showTab(button.dataset.tab));
  }
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
