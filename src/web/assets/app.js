// trainflops serve: the page's script (no build step, no dependencies).
// Each form becomes one request to /api/COMMAND whose words are the form's
// fields written as options (--name value, the library's field names); the
// answer is the result's JSON (what the command line prints with --json),
// shown with its formula, inputs, assumptions and the equivalent command (the
// X-Trainflops-Command header).
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

// Two lines about Llama 4 Scout (examples/evidence/llama4_scout.yaml, docs/evidence.md).
const EXAMPLE_EVIDENCE = `model: Llama 4 Scout
year: 2025
llm: true
lines:
  - name: 6ND
    kind: figure
    source:
      url: https://github.com/meta-llama/llama-models/blob/main/models/llama4/MODEL_CARD.md
      quote: "17B active parameters; ~40T tokens"
    parameters: 17B
    tokens: 40T
  - name: H100-hours
    kind: cluster
    source:
      url: https://github.com/meta-llama/llama-models/blob/main/models/llama4/MODEL_CARD.md
      quote: "Llama 4 Scout used 5.0M H100-hours (Epoch AI's reading of the model card)"
    chip_hours: 5.0M
    chip: H100 SXM
    precision: fp8
`;

// DeepSeek-V3's run record (examples/ledger/deepseek-v3.yaml, docs/ledger.md).
const EXAMPLE_LEDGER = `# DeepSeek-V3: an open model with disclosed pre-training hardware.
# DeepSeek-AI 2024, "DeepSeek-V3 Technical Report" (arXiv:2412.19437), Table 1:
# 2.664M H800 GPU-hours of pre-training, 119K of context extension, 5K of
# post-training, 2.788M in all. 37B activated parameters, 14.8T tokens
# (section 1): 6ND = 6 x 37e9 x 14.8e12 = 3.2856e24 FLOP, the cross-check.
model: DeepSeek-V3
provider: DeepSeek-AI
year: 2024
seed: 1
phases:
  - name: pre-training
    kind: pre_training
    source:
      url: https://arxiv.org/abs/2412.19437
      quote: "Pre-Training 2664K H800 GPU hours (Table 1)"
    # Read at the BF16 dense peak: the GEMMs ran in FP8, whose peak is twice
    # as high; which peak to use is an open reading (stated in docs/ledger.md).
    hardware:
      - {chip: H800, chip_hours: 2.664M, precision: bf16}
  - name: context extension
    kind: mid_training
    source: {url: https://arxiv.org/abs/2412.19437, quote: "Context Extension 119K H800 GPU hours"}
    hardware:
      - {chip: H800, chip_hours: 119K, precision: bf16}
  # The report gives 5K H800 GPU-hours of post-training, not its split: each
  # stage is read as 1K..4K hours (median 2.5K), an assumption.
  - name: supervised fine-tuning
    kind: sft
    source: {url: https://arxiv.org/abs/2412.19437, quote: "Post-Training 5K H800 GPU hours"}
    hardware:
      - {chip: H800, chip_hours: 1K..4K, precision: bf16}
  - name: reinforcement learning
    kind: rl_policy
    source: {url: https://arxiv.org/abs/2412.19437, quote: "Post-Training 5K H800 GPU hours"}
    hardware:
      - {chip: H800, chip_hours: 1K..4K, precision: bf16}
inference_task:
  name: one million output tokens
  parameters: 37B
  tokens: 1M
`;

// The run records the Filing tab offers, served from examples/ledger/.
const LEDGER_EXAMPLES = ['deepseek-v3', 'synthetic-nonpublic', 'modifier-above', 'forecast-2'];

// Commands whose JSON carries a citation with --cite (the "Copy citation" button).
const CITE_COMMANDS = new Set(['estimate', 'layer', 'hardware', 'tokens', 'compare']);

// Fields that are not options, or are handled specially; fields named page-*
// belong to the page (the trend's dataset, the user's mark) and are not sent.
const SPECIAL_FIELDS = new Set(['file', 'text', 'extra', 'arg']);
const pageOnly = (name) => SPECIAL_FIELDS.has(name) || name.startsWith('page-');

// The bundled record of notable models (Epoch AI), served by `serve` itself.
const EPOCH_RECORD = 'epoch_notable_models_dev.csv';

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
    if (!field.name || pageOnly(field.name)) continue;
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

// The uploaded file or pasted text of a form, sent as the request body; for
// the trend, the bundled notable-models record unless another set is chosen.
async function formUpload(form) {
  const file = form.elements.namedItem('file');
  if (file && file.files.length) return {body: file.files[0], name: file.files[0].name};
  const text = form.elements.namedItem('text');
  if (text && text.value.trim()) return {body: text.value, name: null};
  // The Trend tab's select, or the Dataset tab's box that its button ticks.
  const dataset = form.elements.namedItem('page-dataset');
  if (dataset && dataset.value === 'epoch' && dataset.checked !== false) {
    const response = await fetch('/data/' + EPOCH_RECORD);
    return {body: await response.text(), name: EPOCH_RECORD};
  }
  return null;
}

// The form's request to /api/COMMAND; `more` words are added (the Filing
// tab's downloads ask for --format markdown or html).
async function send(form, more = []) {
  const params = new URLSearchParams();
  const upload = await formUpload(form);
  if (upload && upload.name) params.append('file', upload.name);
  const words = formWords(form).concat(more);
  // A form whose file is an option's value (trend --data FILE), not the subject.
  if (upload && upload.name && form.dataset.fileOption) words.push(form.dataset.fileOption, upload.name);
  const plain = words.includes('--help') || words.includes('--list');
  if (CITE_COMMANDS.has(form.dataset.command) && !plain) words.push('--cite');
  if (words.includes('--uncertainty') && !plain) words.push(...quantileWords());
  for (const word of words) params.append('arg', word);
  const init = {method: 'POST'};
  if (upload) {
    init.body = upload.body;
    init.headers = {'Content-Type': 'application/octet-stream'};
  }
  return fetch('/api/' + form.dataset.command + '?' + params, init);
}

// The Dataset tab: the file (or the bundled record) to /api/batch, JSON
// lines by the file's name.
async function sendBatch(form) {
  const upload = await formUpload(form);
  if (!upload) throw new Error('Choose a CSV or JSON-lines file, or use the bundled development file.');
  const params = new URLSearchParams({file: upload.name});
  const rules = form.elements.namedItem('rules-off').value.trim();
  if (rules) params.set('rules_off', rules);
  const type = /\.(jsonl|ndjson)$/i.test(upload.name) ? 'application/x-ndjson' : 'text/csv';
  return fetch('/api/batch?' + params, {method: 'POST', body: upload.body,
    headers: {'Content-Type': type}});
}

async function run(form) {
  const response = await (form.id === 'dataset' ? sendBatch(form) : send(form));
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
  // The statement's Markdown and printable HTML, as the library writes them,
  // asked with the same inputs now (not when a download is clicked).
  const files = form.dataset.command === 'ledger' ? await statementFiles(form) : null;
  return {command, json: JSON.parse(body), files};
}

async function statementFiles(form) {
  const text = async (format) => (await send(form, ['--format', format])).text();
  return {markdown: await text('markdown'), html: await text('html')};
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

// The counts beside the headline: parameters, forward FLOP and shapes (the
// Layer tab's answer, and the whole model's for Method 1).
function countRows(json) {
  const rows = [];
  const add = (name, value) => { if (typeof value === 'number') rows.push([name, formatNumber(value)]); };
  add('parameters', json.params);
  add('parameters (Table 1 approximation)', json.params_approx);
  add('forward FLOP' + (json.forward_flop_basis === 'per_example' ? ', one example' : ''),
    json.forward_flop);
  add('forward FLOP (Table 1 approximation)', json.forward_flop_approx);
  if (Array.isArray(json.input_shape)) rows.push(['input shape', json.input_shape.join('x')]);
  if (Array.isArray(json.output_shape)) rows.push(['output shape', json.output_shape.join('x')]);
  return rows;
}

function renderEstimate(json, command) {
  const nodes = [headline(json, command), json.uncertainty ? null : ranges(json)];
  if (json.formula) {
    const lines = Array.isArray(json.formula) ? json.formula : [json.formula];
    nodes.push(section('Formula', el('pre', {}, optionWording(lines.join('\n')))));
  }
  const counts = countRows(json);
  if (counts.length) nodes.push(section('Counts', table(['quantity', 'value'], counts, [1])));
  const u = json.uncertainty;
  if (u && Array.isArray(u.quantities)) {
    // Which inputs and assumptions were uncertain, and how to repeat the run.
    const rows = u.quantities.map((q) => [optionWording(q.name), q.distribution, optionWording(q.source)]);
    nodes.push(section('Uncertainty', el('div', {},
      // label_rule already starts with the label ("Confident: the 90% interval ...").
      el('p', {}, `${optionWording(u.label_rule || u.label)}. Monte Carlo, ${u.samples} samples, seed ${u.seed}.`),
      quantileChart(u),
      table(['uncertain quantity', 'distribution', 'source'], rows),
      ...(u.notes || []).map((n) => el('p', {}, optionWording(n))))));
  }
  if (json.inputs && typeof json.inputs === 'object') {
    // {value, unit, origin} per input, or (one layer's dimensions) the text given.
    const rows = Object.entries(json.inputs).map(([name, i]) => (i && typeof i === 'object'
      ? [fieldLabel(name), formatNumber(i.value), i.unit || '', optionWording(i.origin || '')]
      : [name, String(i), '', 'given']));
    nodes.push(section('Inputs', table(['input', 'value', 'unit', 'origin'], rows, [1])));
  }
  if (Array.isArray(json.assumptions)) {
    const rows = json.assumptions.map((a) => [optionWording(a.name), optionWording(a.value),
      optionWording(a.source || '')]);
    nodes.push(section('Assumptions', table(['assumption', 'value', 'source'], rows)));
  }
  if (Array.isArray(json.thresholds)) nodes.push(thresholdSection(json.thresholds));
  if (Array.isArray(json.layers) && json.layers.length) {
    const rows = json.layers.map((l) => [optionWording(l.name), l.type, (l.output_shape || []).join('x'),
      formatNumber(l.params), formatNumber(l.forward_flop)]);
    nodes.push(section('Share of forward FLOP', layerChart(json.layers)));
    nodes.push(section('Layers', table(['layer', 'type', 'output', 'params', 'forward FLOP'], rows, [3, 4])));
  }
  if (Array.isArray(json.notes) && json.notes.length) {
    nodes.push(section('Notes', el('ul', {}, ...json.notes.map((n) => el('li', {}, optionWording(n))))));
  }
  return nodes;
}

function renderCompare(json, command) {
  const range = utilizationRange(json);
  const buttons = [copyButton('value', `Method 1 / Method 2 = ${formatNumber(json.ratio_method1_over_method2)}`),
    copyButton('command', commandToCopy(command))];
  if (json.citation && json.citation.text) {
    buttons.push(copyButton('citation', optionWording(json.citation.text)));
  }
  return [
    el('div', {class: 'headline-box'},
      el('p', {class: 'headline'},
        `Method 1 / Method 2 = ${formatNumber(json.ratio_method1_over_method2)}`),
      el('div', {class: 'buttons'}, ...buttons)),
    el('p', {}, optionWording(json.verdict)),
    json.warning ? el('p', {class: 'error'}, optionWording(json.warning)) : null,
    section('Side by side', compareChart(json)),
    el('p', {class: 'utilization'}, `Implied utilization (the one that reconciles them): ` +
      formatNumber(json.reconciling_utilization) + (range ? `; plausible range ${formatNumber(range.low)}` +
      ` to ${formatNumber(range.high)}, so ${range.where} (${range.source})` : '')),
    el('h3', {}, 'Method 1'), ...renderEstimate(json.method1 || {}, command),
    el('h3', {}, 'Method 2'), ...renderEstimate(json.method2 || {}, command),
  ];
}

function renderTrend(json, command, mark) {
  const h = trendHeadline(json);
  const g = mark && trendGeometry(json, {mark});
  const context = g && g.mark ? el('p', {class: 'neighbours'},
    `${g.mark.point.name} (${formatNumber(mark.flop)} FLOP) is ${g.mark.text}.`) : null;
  const rows = (json.points || []).map((p) => [p.name, p.date, formatNumber(p.flop)]);
  const eras = (json.eras || []).map((e) => [`${e.from || 'start'} .. ${e.to || 'end'}`,
    e.n_points, formatNumber(e.doubling_time_months)]);
  return [
    el('div', {class: 'headline-box'},
      el('p', {class: 'headline'}, h.value),
      el('p', {class: 'interval'}, [h.interval, h.growth].filter((x) => x).join('; ')),
      el('div', {class: 'buttons'}, copyButton('value', h.value),
        copyButton('command', commandToCopy(command)))),
    context,
    section('Trend', trendChart(json, mark)),
    el('p', {class: 'help'}, 'The band: lines of the bootstrap interval\'s lowest and highest ' +
      'slopes through the points\' centroid, where every least-squares line passes.'),
    eras.length ? section('Eras', table(['era', 'points', 'doubling (months)'], eras, [1, 2])) : null,
    section('Data', el('p', {}, [json.dataset && json.dataset.source, ...(json.filters || [])]
      .filter((x) => x).map(optionWording).join('; '))),
    section('Points', table(['model', 'date', 'training FLOP'], rows, [2])),
  ];
}

// Evidence: the combined figure first, then each line with its source and
// interval, the lines that disagree, and what pairs of lines imply.
// The thresholds table of an estimate; P(over) as the library prints it when
// the estimate has an interval, and the EU 30% margin with what to pin down.
function thresholdSection(checks, margin, narrowing) {
  const ranged = checks.some((t) => t.probability_over_text);
  const rows = checks.map((t) => [t.name, formatNumber(t.threshold_flop), t.exceeds,
    formatNumber(t.ratio), optionWording(t.status), ...(ranged ? [t.probability_over_text || '-'] : [])]);
  const headers = ['threshold', 'FLOP', 'exceeded', 'ratio', 'status', ...(ranged ? ['P(over)'] : [])];
  const parts = [table(headers, rows)];
  if (margin) {
    parts.push(el('p', {class: 'margin'}, `90% interval -${formatNumber(100 * margin.below)}% .. ` +
      `+${formatNumber(100 * margin.above)}%: ${margin.within ? 'within' : 'not within'} the EU's ` +
      `${formatNumber(100 * margin.margin)}% error margin` + (narrowing ? `; to narrow it: ${narrowing}` : '')));
  }
  return section('Thresholds', el('div', {}, ...parts));
}

function renderEvidence(json, command) {
  const c = json.combination || {};
  const nodes = [el('div', {class: 'headline-box'},
    el('p', {class: 'headline'}, `${formatNumber(c.rounded)} FLOP`),
    el('p', {class: 'interval'}, `median ${formatNumber(c.median)} FLOP, 90% interval ` +
      `${formatNumber(c.low)} .. ${formatNumber(c.high)} FLOP`),
    el('p', {class: 'label'}, `${c.label}: ${c.label_rule || ''} (rounded: ${c.rounding_rule})`),
    el('div', {class: 'buttons'}, copyButton('value', `${formatNumber(c.rounded)} FLOP`),
      copyButton('command', commandToCopy(command))))];
  nodes.push(section('Combination', el('p', {}, c.rule || '')));
  const checks = json.thresholds || {};
  if (Array.isArray(checks.thresholds)) {
    nodes.push(thresholdSection(checks.thresholds, checks.error_margin, checks.narrowing));
  }
  const rows = (json.lines || []).map((l) => {
    const r = l.result || {};
    const source = l.source && l.source.url
      ? el('a', {href: l.source.url, rel: 'noreferrer'}, l.source.quote || l.source.url)
      : (l.source && l.source.quote) || '';
    return [l.name, l.kind, formatNumber(r.median), `${formatNumber(r.low)} .. ${formatNumber(r.high)}`,
      r.label || '', source];
  });
  nodes.push(section('Lines of evidence',
    table(['line', 'kind', 'median FLOP', '90% interval', 'label', 'source'], rows, [2, 3])));
  for (const l of json.lines || []) {
    const e = l.estimate || {};
    const formula = Array.isArray(e.formula) ? e.formula.join('\n') : (e.formula || '');
    const assumptions = (e.assumptions || []).map((a) => [a.name, a.value, a.source]);
    nodes.push(el('details', {class: 'part'}, el('summary', {}, `${l.name}: formula and assumptions`),
      el('pre', {}, formula),
      assumptions.length ? table(['assumption', 'value', 'source'], assumptions) : null));
  }
  const disagreements = (json.disagreements || []).map((d) => el('li', {}, d.explanation));
  if (disagreements.length) {
    nodes.push(section('Lines that disagree', el('ul', {class: 'disagreements'}, ...disagreements)));
  }
  const implied = (json.implied || []).map((q) =>
    [q.name, `${formatNumber(q.value)} ${q.unit || ''}`.trim(), q.formula]);
  if (implied.length) {
    nodes.push(section('Implied', table(['quantity', 'value', 'from'], implied, [1])));
  }
  if ((json.notes || []).length) {
    nodes.push(section('Notes', el('ul', {}, ...json.notes.map((n) => el('li', {}, optionWording(n))))));
  }
  return nodes;
}

// Filing: per regime, the figure filed (two significant figures), its
// interval, P(over), the error margin where the regime has one (the EU's
// 30%) and the phases counted and left out, each with its rule; then the
// phases and the documentation form's fields.
function renderLedger(json, command) {
  const regimes = json.regimes || [];
  const first = regimes[0] || {};
  const nodes = [el('div', {class: 'headline-box'},
    el('p', {class: 'headline'}, `${first.total_2sf} FLOP`),
    el('p', {class: 'label'}, `${json.model}: ${first.name || ''}` +
      (json.forecast ? ' (a forecast: the plan\'s total)' : '')),
    el('div', {class: 'buttons'}, copyButton('value', `${first.total_2sf} FLOP`),
      copyButton('command', commandToCopy(command))))];
  for (const r of regimes) nodes.push(ledgerRegime(r));
  const phases = (json.phases || []).map((p) => [p.name, p.kind, p.method, `${p.flop_2sf}`,
    `${formatNumber(p.low)} .. ${formatNumber(p.high)}`, p.planned ? `planned, ${formatNumber(100 * p.done)}% done` : 'done']);
  nodes.push(section('Phases', table(['phase', 'kind', 'method', 'FLOP', '90% interval', 'state'],
    phases, [3, 4])));
  const f = json.form || {};
  const form = [['order of magnitude', typeof f.order_of_magnitude === 'number' ? `1e${f.order_of_magnitude} FLOP` : ''],
    ['hardware-days', formatNumber(f.hardware_days)], ['wall-clock days', formatNumber(f.wall_clock_days)],
    ['energy', f.energy_mwh ? `${formatNumber(f.energy_mwh)} MWh` : ''],
    ['inference task', f.inference_formula || '']].filter((row) => row[1] && row[1] !== '-');
  nodes.push(section('Documentation form', table(['field', 'value'], form, [1])));
  if (f.energy_method) nodes.push(el('p', {class: 'help'}, 'Energy: ' + f.energy_method));
  nodes.push(section('Approach', el('p', {}, optionWording(json.approach || ''))));
  return nodes;
}

function ledgerRegime(r) {
  const figures = [['total (filed)', `${r.total_2sf} FLOP`],
    ['threshold', r.threshold_rule], ['90% interval', `${formatNumber(r.low)} .. ${formatNumber(r.high)} FLOP`],
    ['P(over the threshold)', formatNumber(r.probability_over)]];
  // Only a regime with an error margin (the EU's 30%) has `margin`.
  const m = r.margin;
  if (m) {
    figures.push([`${formatNumber(100 * m.margin)}% margin`, (m.within ? 'met' : 'not met') +
      ` (-${formatNumber(100 * m.below)}%, +${formatNumber(100 * m.above)}%)` +
      (r.dominant ? `; the width: ${r.dominant}` : '')]);
  }
  if (r.crossing) figures.push(['forecast', `${formatNumber(r.so_far_flop)} FLOP so far; ${r.crossing}`]);
  const rule = (p) => p.rule + (p.open_reading ? ' (an open reading)' : '') + (p.reason ? ` (${p.reason})` : '');
  const phases = [...(r.counted || []).map((p) => [p.phase, 'counted', rule(p)]),
    ...(r.left_out || []).map((p) => [p.phase, 'left out', rule(p)])];
  return el('div', {class: 'part regime', 'data-regime': r.id}, el('h3', {}, r.name),
    table(['figure', 'value'], figures), table(['phase', 'in the total', 'rule'], phases));
}

// Dataset: the summary, then a row per model; flagged rows are marked and
// their figure struck through, with what the guards found.
function renderBatch(json) {
  const s = json.summary || {};
  const m = s.methods || {};
  const rows = batchRows(json);
  const flagged = rows.filter((r) => r.flagged).length;
  const headers = ['model', 'estimate (FLOP)', '5–95% interval', 'confidence label',
    ...(json.thresholds || []).map((t) => `P(> ${formatNumber(t.flop)})`), 'EU 30% margin', 'flags'];
  const over = (json.thresholds || []).map((t, i) => i + 4);
  const cell = (c, i) => el('td', i === 1 || i === 2 || over.includes(i) ? {class: 'num'} : {}, c);
  const body = rows.map((r) => el('tr', r.flagged ? {class: 'flagged', title: r.note} : {title: r.note},
    ...[r.name, r.flagged ? el('del', {}, r.estimate) : r.estimate, r.interval, r.label, ...r.over,
      r.margin, r.flags].map(cell)));
  return [
    el('div', {class: 'headline-box'},
      el('p', {class: 'headline'}, `${s.estimated} of ${s.rows} rows estimated`),
      el('p', {class: 'label'}, `6ND ${m['6ND']}, hardware ${m.hardware}, both ${m['6ND+hardware']}, ` +
        `given ${m.given}, cost ${m.cost}, power ${m.power}; ${flagged} flagged by the guards`)),
    el('div', {class: 'wide-table'}, el('table', {class: 'batch'},
      el('thead', {}, el('tr', {}, ...headers.map((h) => el('th', {}, h)))), el('tbody', {}, ...body))),
    el('p', {class: 'help'}, 'P(> X): the probability that the compute exceeds each threshold in ' +
      'force, from the interval. A flagged row implies an impossible quantity: its figure is not ' +
      'an estimate. Hover a row for its note.'),
  ];
}

function renderUnits(json) {
  return [el('p', {class: 'headline'}, `${formatNumber(json.flop)} FLOP = ` +
    `${formatNumber(json.multiply_adds)} multiply-adds = ${formatNumber(json.pfs_days)} pfs-days`)];
}

function render(command, result, mark) {
  const box = document.getElementById('result');
  const shown = commandToCopy(result.command);
  const commandPart =
    el('div', {class: 'part'}, el('h3', {}, 'Command line'), el('pre', {class: 'command'}, shown));
  if (result.text !== undefined) {
    box.replaceChildren(commandPart, el('pre', {class: 'help'}, result.text));
    box.hidden = false;
    return;
  }
  const json = result.json;
  const nodes = command === 'compare' ? renderCompare(json, result.command)
    : command === 'evidence' ? renderEvidence(json, result.command)
    : command === 'ledger' ? renderLedger(json, result.command)
    : command === 'units' ? renderUnits(json)
    : command === 'batch' ? renderBatch(json)
    : command === 'trend' ? renderTrend(json, result.command, mark) : renderEstimate(json, result.command);
  if (command === 'thresholds' && typeof json.flop === 'number') {
    nodes.unshift(el('p', {class: 'headline'}, formatNumber(json.flop) + ' FLOP'));
  }
  const placed = command === 'trend' ? null : markOf(json);
  const place = placed ? el('button', {type: 'button', class: 'copy place'}, 'Place on the trend')
    : null;
  if (place) place.addEventListener('click', () => placeOnTrend(placed));
  box.replaceChildren(
    commandPart,
    ...[...nodes, place].filter((n) => n),  // no button: nothing (not the text "null")
    // A dataset's rows are in the table and the downloads: its summary only.
    el('details', {}, el('summary', {}, 'JSON'),
      el('pre', {}, JSON.stringify(command === 'batch' ? json.summary : json, null, 2))));
  box.insertBefore(downloads(command, json, result.command, box, result.files), box.lastChild);
  box.hidden = false;
  // The time to a result, from the page's start (docs/web.md states it).
  performance.mark('trainflops-result');
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
  const filter = document.getElementById('chip-filter');
  filter.addEventListener('input', () => {
    showChips();
    history.replaceState(null, '', stateToHash('chips', [['filter', filter.value]]));
  });
  for (const form of document.querySelectorAll('main form')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const mode = historyMode;
      historyMode = 'push';
      const box = errorBox(form);
      box.textContent = '';
      try {
        const result = await run(form);
        remember(form, mode);
        noteFor(form).textContent = '';
        render(form.dataset.command, result, form.id === 'trend' ? trendMark(form) : null);
      } catch (e) {
        box.textContent = e.message;
        document.getElementById('result').hidden = true;
      }
    });
  }
  document.querySelector('.example').addEventListener('click', () => {
    document.querySelector('#estimate textarea').value = EXAMPLE_SPEC;
  });
  document.querySelector('.evidence-example').addEventListener('click', () => {
    document.querySelector('#evidence textarea').value = EXAMPLE_EVIDENCE;
  });
  ledgerExamples();
  datasetFile();
  window.addEventListener('popstate', () => {
    const state = hashToState(location.hash);
    if (state) restore(state); else showTab('estimate');
  });
  loadChips();
  loadPresets();
  restore(hashToState(location.hash));
}

// The Dataset tab's button runs the bundled record; choosing a file runs yours.
function datasetFile() {
  const form = document.getElementById('dataset');
  const file = form.elements.namedItem('file'), bundled = form.elements.namedItem('page-dataset');
  file.addEventListener('change', () => { bundled.checked = false; });
  form.querySelector('.dataset-bundled').addEventListener('click', () => {
    file.value = '';
    bundled.checked = true;
    form.requestSubmit();
  });
}

// The Filing tab starts with DeepSeek-V3's record; the picker loads another.
function ledgerExamples() {
  const picker = document.querySelector('.ledger-example');
  const text = document.querySelector('#filing textarea');
  picker.append(...LEDGER_EXAMPLES.map((name) => el('option', {value: name}, name + '.yaml')));
  text.value = EXAMPLE_LEDGER;
  picker.addEventListener('change', async () => {
    text.value = await (await fetch(`/examples/ledger/${picker.value}.yaml`)).text();
  });
}

document.addEventListener('DOMContentLoaded', init);
