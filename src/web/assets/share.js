// trainflops serve: what lets a result travel: downloads (JSON, CSV,
// Markdown, each chart as SVG and PNG), links that hold a tab's inputs in the
// URL's fragment with the browser's history, the presets of models and
// clusters (data/web_presets.json) and the user's mark on the trend. Plain
// script; app.js calls these.
'use strict';

// --- downloads: files made in the page, from the result and its charts -------

function download(name, type, content) {
  const url = URL.createObjectURL(content instanceof Blob ? content : new Blob([content], {type}));
  const link = el('a', {href: url, download: name, hidden: ''});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// The page's rules for charts, so that a downloaded SVG looks as it does here.
function chartStyle() {
  const rules = [];
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) if (rule.selectorText && rule.selectorText.includes('svg.chart')) rules.push(rule.cssText);
  }
  return rules.join('\n') + '\nsvg.chart { font-family: sans-serif; background: #fff; }';
}

function svgText(svg) {
  const copy = svg.cloneNode(true);
  copy.setAttribute('xmlns', SVG_NS);
  copy.prepend(svgEl('style', {}, chartStyle()));
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy);
}

// PNG: the SVG drawn onto a canvas at twice its size, on white.
function downloadPng(svg, name) {
  const scale = 2, width = +svg.getAttribute('width'), height = +svg.getAttribute('height');
  const url = URL.createObjectURL(new Blob([svgText(svg)], {type: 'image/svg+xml'}));
  const image = new Image();
  image.onload = () => {
    const canvas = el('canvas', {width: width * scale, height: height * scale});
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    URL.revokeObjectURL(url);
    canvas.toBlob((blob) => download(name, 'image/png', blob), 'image/png');
  };
  image.src = url;
}

function downloadButton(label, kind, action) {
  const button = el('button', {type: 'button', class: 'copy', 'data-download': kind}, label);
  button.addEventListener('click', action);
  return button;
}

// A row of buttons: the result as JSON, CSV and Markdown, each chart as SVG
// and PNG; a statement's `files` (the Filing tab): its own Markdown and
// printable HTML, as the library writes them.
function downloads(command, json, commandLine, box, files) {
  const base = 'trainflops-' + command;
  const buttons = [
    downloadButton('JSON', 'json', () => download(base + '.json', 'application/json',
      JSON.stringify(json, null, 2) + '\n')),
  ];
  if (files) {
    buttons.push(
      downloadButton('Markdown', 'md', () => download(base + '.md', 'text/markdown', files.markdown)),
      downloadButton('HTML statement', 'html', () => download(base + '.html', 'text/html', files.html)));
  } else {
    buttons.push(
      downloadButton('CSV', 'csv', () => download(base + '.csv', 'text/csv', resultCsv(command, json))));
    if (command !== 'batch') {  // a dataset's report is its table
      buttons.push(downloadButton('Markdown', 'md', () => download(base + '.md', 'text/markdown',
        resultMarkdown(command, json, commandLine))));
    }
  }
  for (const svg of box.querySelectorAll('svg.chart')) {
    const name = svg.classList[1] || 'chart';
    const words = name.replace('-', ' ');
    buttons.push(
      downloadButton(`${words} (SVG)`, 'svg:' + name, () => download(`${base}-${name}.svg`,
        'image/svg+xml', svgText(svg))),
      downloadButton(`${words} (PNG)`, 'png:' + name, () => downloadPng(svg, `${base}-${name}.png`)));
  }
  return el('div', {class: 'part downloads'}, el('h3', {}, 'Download'),
    el('div', {class: 'buttons'}, ...buttons));
}

// --- permalinks: each submit's inputs in the URL's fragment ------------------

// The fields of a form as [name, value]: checkboxes as 1, an uploaded file
// by its name (the link cannot carry the file itself).
function formFields(form) {
  const fields = [];
  for (const field of form.elements) {
    if (!field.name) continue;
    if (field.type === 'file') {
      if (field.files.length) fields.push(['file', field.files[0].name]);
    } else if (field.type === 'checkbox') {
      if (field.checked) fields.push([field.name, '1']);
    } else if (field.value.trim()) {
      fields.push([field.name, field.value]);
    }
  }
  return fields;
}

// Submits push a history entry; a submit that restores a link replaces it.
let historyMode = 'push';

function noteFor(form) {
  let note = form.querySelector('.link-note');
  if (!note) {
    note = el('p', {class: 'link-note help', role: 'status'});
    form.insertBefore(note, form.querySelector('button[type=submit]'));
  }
  return note;
}

// Fills the tab's form from a link and runs it; a link made with an uploaded
// file names it and waits for the file to be given again.
function restore(state) {
  if (!state || !document.getElementById(state.tab)) return;
  showTab(state.tab);
  const form = document.getElementById(state.tab);
  if (form.tagName !== 'FORM') {
    const filter = state.fields.find(([name]) => name === 'filter');
    document.getElementById('chip-filter').value = filter ? filter[1] : '';
    showChips();
    return;
  }
  form.reset();
  // A box ticked by default but not in the link was unticked when it was made.
  for (const box of form.querySelectorAll('input[type=checkbox]')) box.checked = false;
  let file = null;
  for (const [name, value] of state.fields) {
    if (name === 'file') { file = value; continue; }
    const field = form.elements.namedItem(name);
    if (!field) continue;
    if (field.type === 'checkbox') field.checked = value === '1'; else field.value = value;
  }
  noteFor(form).textContent = file ? `This link was made with the file ${file}: choose it ` +
    'again (the link cannot carry it), then submit.' : '';
  if (file || !state.fields.length) return;
  historyMode = 'replace';
  form.requestSubmit();
}

function remember(form, mode) {
  const hash = stateToHash(form.id, formFields(form));
  if (hash === location.hash) return;
  if (mode === 'push') history.pushState(null, '', hash); else history.replaceState(null, '', hash);
}

// --- presets and the user's mark on the trend ---------------------------------

let PRESETS = {models: [], clusters: []};

// A select per form that takes presets, filling its fields with a row's
// values; the row's source is shown beside it.
function presetPicker(form, kind, fields) {
  const rows = PRESETS[kind];
  const select = el('select', {class: 'preset', 'aria-label': kind + ' presets'},
    el('option', {value: ''}, kind === 'models' ? 'a model…' : 'a cluster…'),
    ...rows.map((r, i) => el('option', {value: String(i)}, r.name)));
  const source = el('span', {class: 'help preset-source'});
  select.addEventListener('change', () => {
    const row = rows[+select.value];
    if (!row) return;
    for (const f of fields) if (form.elements.namedItem(f)) form.elements.namedItem(f).value = row[f] || '';
    source.textContent = 'Source: ' + row.source;
  });
  form.insertBefore(el('div', {class: 'presets'},
    el('label', {}, kind === 'models' ? 'Preset model' : 'Preset cluster', select), source),
  form.querySelector('.row'));
}

async function loadPresets() {
  try {
    PRESETS = await (await fetch('/presets.json')).json();
  } catch (e) { return; /* presets are a convenience: fields can still be typed */ }
  presetPicker(document.getElementById('tokens'), 'models', ['params', 'tokens']);
  presetPicker(document.getElementById('hardware'), 'clusters', ['chip', 'count', 'time']);
  presetPicker(document.getElementById('compare'), 'clusters', ['chip', 'count', 'time']);
  presetPicker(document.getElementById('compare'), 'models', ['params', 'tokens']);
}

// The trend form's mark fields as {flop, low, high, year, name}, or null.
function trendMark(form) {
  const value = (name) => parseFloat((form.elements.namedItem(name) || {}).value);
  const flop = value('page-mark');
  if (!(flop > 0)) return null;
  const date = (form.elements.namedItem('page-mark-date') || {}).value || '';
  const parsed = /^(\d{4})(?:-(\d{2}))?/.exec(date);
  const now = new Date();
  const year = parsed ? +parsed[1] + ((+parsed[2] || 7) - 0.5) / 12
    : now.getFullYear() + now.getMonth() / 12;
  const name = (form.elements.namedItem('page-mark-name') || {}).value || 'your estimate';
  return {flop, low: value('page-mark-low'), high: value('page-mark-high'), year, name};
}

// "Place on the trend": the estimate (markOf) and its interval go to the Trend tab.
function placeOnTrend(mark) {
  const form = document.getElementById('trend');
  const set = (name, value) => { form.elements.namedItem(name).value = value > 0 ? String(value) : ''; };
  set('page-mark', mark.flop);
  set('page-mark-low', mark.low);
  set('page-mark-high', mark.high);
  form.elements.namedItem('page-mark-name').value = mark.name;
  showTab('trend');
  form.requestSubmit();
}
