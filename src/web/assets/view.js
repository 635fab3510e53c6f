// trainflops serve: what the page shows, computed from the API's JSON without
// touching the document, so that tests/web/view_test.js checks it under Node.
// app.js turns these values into elements.
'use strict';

// 1.7905536e19 -> "1.791e19"; small numbers as they are.
function formatNumber(x) {
  if (typeof x !== 'number') return x === null || x === undefined ? '-' : String(x);
  if (x !== 0 && (Math.abs(x) >= 1e4 || Math.abs(x) < 1e-3)) {
    return x.toExponential(3).replace(/\.?0+e/, 'e').replace('e+', 'e');
  }
  return String(Number(x.toPrecision(4)));
}

// The result first: the value with its unit and in petaflop/s-days, then the
// 90% interval and its confidence label when there is one. Null when the JSON
// holds no training compute (units, chips).
function headlineParts(json) {
  if (!json || typeof json.training_flop !== 'number') return null;
  const parts = {value: formatNumber(json.training_flop) + ' FLOP', pfs: null, interval: null,
    label: null};
  if (typeof json.training_pfs_days === 'number') {
    parts.pfs = formatNumber(json.training_pfs_days) + ' pfs-days';
  }
  const u = json.uncertainty;
  if (u && typeof u.low === 'number' && typeof u.high === 'number') {
    parts.interval = `${formatNumber(u.low)} to ${formatNumber(u.high)} FLOP` +
      (u.interval ? ` (${u.interval})` : '');
    parts.label = u.label_rule || u.label || null;
  }
  return parts;
}

// The quantiles the page asks for when uncertainty is on, for the quantile
// strip; every uncertain result carries the 5th, 50th and 95th percentiles.
const PAGE_QUANTILES = ['0.01', '0.1', '0.25', '0.75', '0.9', '0.99'];

function quantileWords() {
  return PAGE_QUANTILES.flatMap((p) => ['--quantile', p]);
}

// The bundled record the Trend tab uploads under its plain name: the command
// line reads it from the repository's data/ folder.
const BUNDLED_UPLOADS = {'epoch_notable_models_dev.csv': 'data/epoch_notable_models_dev.csv',
  '--data=epoch_notable_models_dev.csv': '--data=data/epoch_notable_models_dev.csv'};

// The command line to copy, and to show: what the API ran, without the --json
// it adds and the --cite and --quantile words the page asks for.
function commandToCopy(command) {
  const words = (command || '').split(' ').map((w) => BUNDLED_UPLOADS[w] || w);
  const kept = [];
  for (let i = 0; i < words.length; ++i) {
    if (words[i] === '--json' || words[i] === '--cite') continue;
    if (PAGE_QUANTILES.some((p) => words[i] === '--quantile=' + p)) continue;
    if (words[i] === '--quantile' && PAGE_QUANTILES.includes(words[i + 1])) {
      ++i;
      continue;
    }
    kept.push(words[i]);
  }
  return kept.join(' ');
}

// The library names request fields in backquotes (`year`); the page speaks
// the command line's options, as its "More options" field does. Inputs set on
// the page are what the library calls the command line.
function optionWording(text) {
  return String(text).replace(/`([a-z0-9_]+)`/g, (m, name) => '--' + name.replace(/_/g, '-'))
    .replace(/\bspec \+ command line\b/g, 'spec, changed on the page');
}

// A JSON field name as people write it: peak_flop_per_s -> "peak FLOP/s".
function fieldLabel(name) {
  return String(name).replace(/(^|_)flop(?=_|$)/g, '$1FLOP').replace(/_per_s$/, '/s')
    .replace(/(^|_)pfs_days$/, '$1pfs-days').replace(/_/g, ' ');
}

// Each layer's share of the forward FLOP, largest first, at most `max` of
// them; layers of zero FLOP (embeddings, reshapes) are left out. The layers
// beyond `max` are not a bar (on a 1,000-node graph their sum would be the
// biggest bar and say nothing): `rest` gives their number and share for a note.
function layerShares(layers, max = 12) {
  const rows = (layers || [])
    .filter((l) => typeof l.forward_flop === 'number' && l.forward_flop > 0)
    .map((l) => ({name: optionWording(l.name || l.type || '?'), flop: l.forward_flop}));
  const total = rows.reduce((sum, r) => sum + r.flop, 0);
  if (total <= 0) return [];
  rows.sort((a, b) => b.flop - a.flop);
  const rest = rows.slice(max);
  const shown = rows.slice(0, max).map((r) => ({name: r.name, flop: r.flop, share: r.flop / total}));
  shown.rest = {count: rest.length, share: rest.reduce((s, r) => s + r.flop, 0) / total};
  return shown;
}

// Horizontal bars for `shares`: one row of `rowHeight` per bar, the longest
// bar `barWidth` wide; x is where bars start (after the labels).
function barGeometry(shares, {labelWidth = 180, barWidth = 360, rowHeight = 22} = {}) {
  const top = Math.max(0, ...shares.map((s) => s.share));
  return {
    width: labelWidth + barWidth + 70,
    height: shares.length * rowHeight,
    bars: shares.map((s, i) => ({
      name: s.name,
      label: `${(100 * s.share).toFixed(1)}%`,
      x: labelWidth,
      y: i * rowHeight,
      width: top > 0 ? Math.max(1, (barWidth * s.share) / top) : 0,
      height: rowHeight - 6,
    })),
  };
}

// A logarithmic axis over [lo, hi] (both > 0) drawn from pixel a to b: the
// position of a value, and ticks at 1, 1.5, 2, 3, 4, 5, 6 and 8 times each
// power of ten inside when the range spans a decade or less, at 1, 2 and 5
// times when three or less (a strip labelled only at its two ends says
// little), at each power of ten otherwise, and at the two ends when fewer than
// two ticks fall inside.
function logAxis(lo, hi, a, b) {
  const l0 = Math.log10(lo), l1 = Math.log10(hi);
  const at = (v) => a + ((Math.log10(v) - l0) / (l1 - l0 || 1)) * (b - a);
  const steps = l1 - l0 <= 1 ? [1, 1.5, 2, 3, 4, 5, 6, 8] : l1 - l0 <= 3 ? [1, 2, 5] : [1];
  const ticks = [];
  for (let d = Math.floor(l0); d <= Math.ceil(l1); ++d) {
    for (const m of steps) {
      const v = m * 10 ** d;
      if (v < lo || v > hi) continue;
      ticks.push({x: at(v), label: m === 1 ? '1e' + d : m + 'e' + d});
    }
  }
  if (ticks.length < 2) {
    ticks.length = 0;
    ticks.push({x: a, label: formatNumber(lo)}, {x: b, label: formatNumber(hi)});
  }
  return {at, ticks};
}

// The uncertainty as a quantile strip: every quantile of the JSON (the 5th,
// 50th and 95th percentiles and the ones asked for) as a mark on a log axis,
// the 90% interval as a band, and the point estimate. Null without one.
function quantileStrip(u, {width = 560, height = 90, pad = 40} = {}) {
  if (!u || typeof u.low !== 'number' || typeof u.high !== 'number' || !(u.low > 0)) return null;
  const marks = [{p: 0.05, value: u.low}, {p: 0.5, value: u.median}, {p: 0.95, value: u.high},
    ...(u.quantiles || []).map((q) => ({p: q.probability, value: q.value}))]
    .filter((m) => typeof m.value === 'number' && m.value > 0)
    .sort((x, y) => x.p - y.p);
  const values = [...marks.map((m) => m.value), u.point].filter((v) => typeof v === 'number' && v > 0);
  const lo = Math.min(...values) / 1.15, hi = Math.max(...values) * 1.15;
  const axis = logAxis(lo, hi, pad, width - pad);
  const y = height / 2;
  return {
    width, height, y,
    ticks: axis.ticks,
    // Only the interval's ends and the median are labelled, so that close
    // quantiles do not print over each other; every mark has a tooltip.
    marks: marks.map((m) => ({p: m.p, value: m.value, x: axis.at(m.value),
      label: `${+(100 * m.p).toFixed(1)}%`, labelled: [0.05, 0.5, 0.95].includes(m.p)})),
    interval: {x0: axis.at(u.low), x1: axis.at(u.high)},
    median: typeof u.median === 'number' ? axis.at(u.median) : null,
    point: typeof u.point === 'number' && u.point > 0 ? axis.at(u.point) : null,
  };
}

// The trend figure: each point at (decimal year, log10 FLOP), the fitted line
// over the points' years, and the band between the lines of the bootstrap
// interval's slopes through the points' centroid (where the least-squares line
// passes), plus one line per era. Null without points. With a `mark` ({flop,
// low, high, year}: the user's estimate), its point and interval are placed
// too, and the notable models nearest it in compute are named in a legend.
function trendGeometry(json, {width = 720, height = 420, left = 64, right = 16, top = 16,
  bottom = 40, mark = null} = {}) {
  const points = ((json && json.points) || []).filter((p) => typeof p.year === 'number' && p.flop > 0);
  if (!points.length || typeof json.slope !== 'number') return null;
  const years = points.map((p) => p.year);
  const first = Math.min(...years), last = Math.max(...years);
  const line = (slope, intercept, a, b) => [[a, slope * a + intercept], [b, slope * b + intercept]];
  const fit = line(json.slope, json.intercept, first, last);
  const mean = years.reduce((s, v) => s + v, 0) / years.length;
  const centre = json.slope * mean + json.intercept;
  const i = json.interval || {};
  let band = null;
  if (Number.isFinite(i.slope_low) && Number.isFinite(i.slope_high)) {
    const at = (s, t) => centre + s * (t - mean);
    const ends = [first, last].map((t) => [at(i.slope_low, t), at(i.slope_high, t)]);
    band = [[first, Math.max(...ends[0])], [mean, centre], [last, Math.max(...ends[1])],
      [last, Math.min(...ends[1])], [mean, centre], [first, Math.min(...ends[0])]];
  }
  const eras = (json.eras || []).filter((e) => typeof e.slope === 'number').map((e) => {
    const inside = points.filter((p) => (!e.from || p.date >= e.from) && (!e.to || p.date < e.to));
    const ys = inside.length ? inside.map((p) => p.year) : [first, last];
    return {line: line(e.slope, e.intercept, Math.min(...ys), Math.max(...ys)),
      label: `${e.from || 'start'} .. ${e.to || 'end'}: ${formatNumber(e.doubling_time_months)} months`};
  });
  const marked = mark && mark.flop > 0 && Number.isFinite(mark.year) ? mark : null;
  const markLogs = marked ? [marked.flop, marked.low, marked.high].filter((v) => v > 0)
    .map(Math.log10) : [];
  const logs = [...points.map((p) => Math.log10(p.flop)), ...fit.map((q) => q[1]),
    ...(band || []).map((q) => q[1]), ...markLogs];
  const x0 = Math.floor(Math.min(first, marked ? marked.year : first) - 0.15);
  const x1 = Math.ceil(Math.max(last, marked ? marked.year : last) + 0.15);
  const y0 = Math.floor(Math.min(...logs) - 0.3), y1 = Math.ceil(Math.max(...logs) + 0.3);
  const X = (t) => left + ((t - x0) / (x1 - x0)) * (width - left - right);
  const Y = (l) => top + (1 - (l - y0) / (y1 - y0)) * (height - top - bottom);
  const pixels = (pts) => pts.map(([t, l]) => [X(t), Y(l)]);
  const step = x1 - x0 <= 12 ? 1 : x1 - x0 <= 30 ? 2 : 5;
  const xTicks = [];
  for (let t = Math.ceil(x0 / step) * step; t <= x1; t += step) xTicks.push({x: X(t), label: String(t)});
  const decade = Math.max(1, Math.ceil((y1 - y0) / 10));
  const yTicks = [];
  for (let l = y0; l <= y1; l += decade) yTicks.push({y: Y(l), label: '1e' + l});
  return {
    width, height, frame: {left, top, right: width - right, bottom: height - bottom},
    points: points.map((p) => ({x: X(p.year), y: Y(Math.log10(p.flop)), name: p.name, date: p.date,
      flop: p.flop})),
    fit: pixels(fit), band: band && pixels(band),
    eras: eras.map((e) => ({line: pixels(e.line), label: e.label})),
    xTicks, yTicks,
    mark: marked && markGeometry(marked, points, json, X, Y,
      {left, top, right: width - right}),
  };
}

// The user's point, its interval as a vertical bar, and its two neighbours in
// compute. Their names go in a legend in the top corner the fit line is
// farthest from (top left for a rising trend), not beside the points, where
// they ran over the line, the crowd of recent models and each other.
function markGeometry(mark, points, json, X, Y, frame) {
  const at = (p, name) => ({x: X(p.year), y: Y(Math.log10(p.flop)), name, flop: p.flop});
  const near = neighbours(points, mark.flop);
  const named = [near.below, near.above].filter((p) => p).map((p) => at(p, p.name));
  const point = at(mark, mark.name || 'your estimate');
  const left = json.slope >= 0;
  return {
    point,
    y0: mark.low > 0 ? Y(Math.log10(mark.low)) : null,
    y1: mark.high > 0 ? Y(Math.log10(mark.high)) : null,
    neighbours: named,
    text: neighbourText(near),
    legend: {x: left ? frame.left + 10 : frame.right - 10, anchor: left ? 'start' : 'end',
      rows: [point, ...named].map((p, i) => ({y: frame.top + 16 + 18 * i, kind: i ? 'neighbour' : 'mark',
        text: `${p.name}: ${formatNumber(p.flop)} FLOP`}))},
  };
}

// The trend's headline: the doubling time with its interval.
function trendHeadline(json) {
  if (!json || typeof json.doubling_time_months !== 'number') return null;
  const i = json.interval;
  const interval = i && typeof i.low === 'number'
    ? `${+(100 * i.level).toFixed(1)}% bootstrap interval ${formatNumber(i.low)} to ` +
      `${typeof i.high === 'number' ? formatNumber(i.high) : 'no doubling'} months`
    : null;
  return {value: `doubling every ${formatNumber(json.doubling_time_months)} months`,
    growth: `${formatNumber(json.growth_per_year)}x per year, n = ${json.n_points}, ` +
      `R² = ${formatNumber(json.r_squared)}`,
    interval};
}

// The chip browser's rows: the chips whose name, vendor or aliases contain
// every word of `filter` (any case), with their peak per format.
const RATE_COLUMNS = ['fp64', 'fp32', 'tf32', 'fp16', 'fp16_tensor', 'bf16', 'fp8', 'int8'];

function chipRows(chips, filter) {
  const words = String(filter || '').toLowerCase().split(/\s+/).filter((w) => w);
  return (chips || [])
    .filter((c) => {
      const text = [c.name, c.vendor, ...(c.aliases || [])].join(' ').toLowerCase();
      return words.every((w) => text.includes(w));
    })
    .map((c) => ({
      name: c.name,
      released: c.release_date || '',
      peaks: RATE_COLUMNS.map((k) => (c.peak_flop_per_s || {})[k] ?? null),
    }));
}

// --- permalinks: a tab's inputs in the URL's fragment -----------------------

// "#tab=hardware&chip=V100&count=8" from the tab and its [name, value] fields
// (empty values left out, so that an unchanged form gives a short link).
function stateToHash(tab, fields) {
  const params = new URLSearchParams();
  params.set('tab', tab);
  for (const [name, value] of fields) if (value !== '' && value !== null) params.append(name, value);
  return '#' + params.toString();
}

// The reverse: {tab, fields: [[name, value], ...]}, or null for another fragment.
function hashToState(hash) {
  const params = new URLSearchParams(String(hash || '').replace(/^#/, ''));
  const tab = params.get('tab');
  if (!tab) return null;
  return {tab, fields: [...params.entries()].filter(([name]) => name !== 'tab')};
}

// --- downloads ---------------------------------------------------------------

function csvCell(value) {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
}

function csvText(headers, rows) {
  return [headers, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

// --- the Dataset tab: each row of a batch run -------------------------------

// The added keys the table shows, in order, with a batch answer's P(over)
// columns (one per threshold in force) after the label.
function batchKeys(json) {
  return ['estimated_training_flop', 'estimate_low', 'estimate_high', 'estimate_confidence',
    'label_error_factor', ...(json.thresholds || []).map((t) => t.column),
    'within_eu_30pct_margin', 'estimate_flags'];
}

// The rows as the table shows them. A label says what it measured: "medium
// (90% within 3.427x)". A row the guards flagged is marked, its figure not
// given as an estimate.
function batchRows(json) {
  const name = (json.columns || [])[0];
  return (json.rows || []).map((r) => {
    const factor = typeof r.label_error_factor === 'number'
      ? ` (90% within ${formatNumber(r.label_error_factor)}x)` : '';
    return {
      name: r[name] ?? '', flagged: !!r.estimate_flags || r.estimate_confidence === 'flagged',
      estimate: formatNumber(r.estimated_training_flop),
      interval: typeof r.estimate_low === 'number'
        ? `${formatNumber(r.estimate_low)} .. ${formatNumber(r.estimate_high)}` : '-',
      label: (r.estimate_confidence || '-') + factor,
      over: (json.thresholds || []).map((t) => (r.p_over_text || {})[t.column] ?? formatNumber(r[t.column])),
      margin: r.within_eu_30pct_margin || '-', flags: r.estimate_flags || '',
      note: r.estimate_note || '',
    };
  });
}

// The result's table as CSV: a batch run's rows (the library's column names),
// its layers, its trend points, its thresholds,
// the two methods of a comparison, or else its terms (inputs, then
// assumptions, then the result). Full precision: a CSV is for computing.
function resultCsv(command, json) {
  if (command === 'batch') {  // FLOP as the library writes them: 6e19, all digits kept
    const name = json.columns[0], keys = batchKeys(json);
    const cell = (v) => (typeof v === 'number' && Math.abs(v) >= 1e6
      ? v.toExponential().replace('e+', 'e') : v);
    return csvText([name, ...keys], json.rows.map((r) => [r[name], ...keys.map((k) => cell(r[k]))]));
  }
  if (Array.isArray(json.layers) && json.layers.length) {
    return csvText(['layer', 'type', 'output_shape', 'params', 'forward_flop'],
      json.layers.map((l) => [l.name, l.type, (l.output_shape || []).join('x'), l.params,
        l.forward_flop]));
  }
  if (Array.isArray(json.points)) {
    return csvText(['model', 'date', 'training_flop'], json.points.map((p) => [p.name, p.date, p.flop]));
  }
  if (Array.isArray(json.lines)) {  // evidence: one row per line
    return csvText(['line', 'kind', 'median_flop', 'low_flop', 'high_flop', 'label'],
      json.lines.map((l) => [l.name, l.kind, (l.result || {}).median, (l.result || {}).low,
        (l.result || {}).high, (l.result || {}).label]));
  }
  if (Array.isArray(json.thresholds)) {
    return csvText(['threshold', 'threshold_flop', 'exceeds', 'ratio', 'status'],
      json.thresholds.map((t) => [t.name, t.threshold_flop, t.exceeds, t.ratio, t.status]));
  }
  if (command === 'compare') {
    return csvText(['method', 'training_flop'], [['method 1', (json.method1 || {}).training_flop],
      ['method 2', (json.method2 || {}).training_flop],
      ['method 1 / method 2', json.ratio_method1_over_method2],
      ['reconciling utilization', json.reconciling_utilization]]);
  }
  const rows = [];
  for (const [name, i] of Object.entries(json.inputs || {})) {
    rows.push(i && typeof i === 'object' ? ['input', fieldLabel(name), i.value, i.unit || '',
      optionWording(i.origin || '')] : ['input', name, i, '', 'given']);
  }
  for (const a of json.assumptions || []) {
    rows.push(['assumption', a.name, a.value, '', optionWording(a.source || '')]);
  }
  for (const key of ['training_flop', 'training_pfs_days', 'flop', 'multiply_adds', 'pfs_days']) {
    if (typeof json[key] === 'number') rows.push(['result', fieldLabel(key), json[key], '', '']);
  }
  return csvText(['kind', 'name', 'value', 'unit', 'source'], rows);
}

function markdownTable(headers, rows) {
  const cell = (c) => String(c === null || c === undefined ? '' : c).replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');
  return [headers, headers.map(() => '---'), ...rows]
    .map((r) => '| ' + r.map(cell).join(' | ') + ' |').join('\n');
}

// The result as Markdown: headline, command line, formula, inputs,
// assumptions and citation, for a report or an issue tracker.
function resultMarkdown(command, json, commandLine) {
  const out = [`# trainflops ${command}`];
  const h = headlineParts(json);
  if (h) {
    out.push('**' + [h.value, h.pfs].filter((x) => x).join(' = ') + '**');
    if (h.interval) out.push(h.interval + (h.label ? '. ' + h.label : ''));
  } else if (command === 'compare') {
    out.push(`**Method 1 / Method 2 = ${formatNumber(json.ratio_method1_over_method2)}**`,
      String(json.verdict || ''));
  } else if (typeof json.doubling_time_months === 'number') {
    const t = trendHeadline(json);
    out.push('**' + t.value + '**', [t.interval, t.growth].filter((x) => x).join('; '));
  }
  out.push('Command line:', '```sh\n' + commandToCopy(commandLine) + '\n```');
  const parts = command === 'compare' ? [['Method 1', json.method1 || {}], ['Method 2', json.method2 || {}]]
    : [['', json]];
  for (const [title, part] of parts) {
    if (title) out.push('## ' + title, `${formatNumber(part.training_flop)} FLOP`);
    if (part.formula) {
      const lines = Array.isArray(part.formula) ? part.formula : [part.formula];
      out.push('## Formula', '```\n' + lines.join('\n') + '\n```');
    }
    const inputs = Object.entries(part.inputs || {}).map(([name, i]) => (i && typeof i === 'object'
      ? [fieldLabel(name), formatNumber(i.value), i.unit || '', optionWording(i.origin || '')]
      : [name, String(i), '', 'given']));
    if (inputs.length) out.push('## Inputs', markdownTable(['input', 'value', 'unit', 'origin'], inputs));
    const assumptions = (part.assumptions || []).map((a) => [a.name, a.value, optionWording(a.source || '')]);
    if (assumptions.length) {
      out.push('## Assumptions', markdownTable(['assumption', 'value', 'source'], assumptions));
    }
  }
  const citation = json.citation || (json.method1 && json.citation);
  if (citation && citation.text) {
    out.push('## Citation', optionWording(citation.text));
    if (citation.bibtex) out.push('```bibtex\n' + citation.bibtex.trim() + '\n```');
  }
  return out.join('\n\n') + '\n';
}

// --- context: the user's estimate among the notable models -------------------

// The notable models nearest below and above `flop` in training compute
// ({below, above}, either null at an end of the record).
function neighbours(points, flop) {
  let below = null, above = null;
  for (const p of points || []) {
    if (!(p.flop > 0)) continue;
    if (p.flop <= flop && (!below || p.flop > below.flop)) below = p;
    if (p.flop > flop && (!above || p.flop < above.flop)) above = p;
  }
  return {below, above};
}

// "between GPT-3 (3.14e23 FLOP) and Chinchilla (5.76e23 FLOP)".
function neighbourText(n) {
  const name = (p) => `${p.name} (${formatNumber(p.flop)} FLOP)`;
  if (n.below && n.above) return `between ${name(n.below)} and ${name(n.above)}`;
  if (n.below) return `above every model of the record; the largest is ${name(n.below)}`;
  if (n.above) return `below every model of the record; the smallest is ${name(n.above)}`;
  return '';
}

// The comparison's two methods on one log axis: a row each with its value and
// interval (when the JSON has one).
function compareGeometry(json, {width = 560, rowHeight = 36, left = 90, right = 30} = {}) {
  const rows = [['Method 1', json.method1], ['Method 2', json.method2]]
    .filter(([, m]) => m && m.training_flop > 0)
    .map(([name, m]) => ({name, value: m.training_flop,
      low: m.uncertainty && m.uncertainty.low, high: m.uncertainty && m.uncertainty.high}));
  if (rows.length < 2) return null;
  const values = rows.flatMap((r) => [r.value, r.low, r.high]).filter((v) => v > 0);
  const axis = logAxis(Math.min(...values) / 1.5, Math.max(...values) * 1.5, left, width - right);
  return {
    width, height: rows.length * rowHeight + 40, ticks: axis.ticks, axisY: rows.length * rowHeight + 6,
    axisX: [left, width - right],
    rows: rows.map((r, i) => ({name: r.name, value: r.value, y: i * rowHeight + rowHeight / 2,
      x: axis.at(r.value), x0: r.low > 0 ? axis.at(r.low) : null,
      x1: r.high > 0 ? axis.at(r.high) : null})),
  };
}

// The plausible range of utilization a comparison's Method 2 assumed: the
// ends of its utilization distribution ("triangular(0.2, 0.3, 0.5) [...]"),
// with its source; null when the run had no uncertainty.
function utilizationRange(json) {
  const u = ((json.method2 || {}).uncertainty || {}).quantities || [];
  const q = u.find((x) => /^utilization/.test(x.name));
  if (!q) return null;
  const numbers = (String(q.distribution).match(/\(([^)]*)\)/) || ['', ''])[1].split(',')
    .map(Number).filter(Number.isFinite);
  if (numbers.length < 2) return null;
  const low = Math.min(...numbers), high = Math.max(...numbers);
  const value = json.reconciling_utilization;
  const where = !(typeof value === 'number') ? '' : value < low ? 'below the plausible range'
    : value > high ? 'above the plausible range' : 'within the plausible range';
  return {low, high, where, source: q.source || ''};
}

// What "Place on the trend" draws for a result: its training compute and 90%
// interval, or an evidence file's combined median and interval with the
// model's name; null for results without one (units, chips, trend).
function markOf(json) {
  if (!json) return null;
  const c = json.combination;
  if (c && c.median > 0) return {flop: c.median, low: c.low, high: c.high, name: json.model || ''};
  if (!(json.training_flop > 0)) return null;
  const u = json.uncertainty || {};
  return {flop: json.training_flop, low: u.low, high: u.high, name: ''};
}

if (typeof module !== 'undefined') {
  module.exports = {formatNumber, headlineParts, commandToCopy, optionWording, layerShares,
    barGeometry, chipRows, RATE_COLUMNS, PAGE_QUANTILES, quantileWords, logAxis, quantileStrip,
    trendGeometry, trendHeadline, fieldLabel, stateToHash, hashToState, resultCsv,
    resultMarkdown, neighbours, neighbourText, compareGeometry, utilizationRange, markOf,
    batchKeys, batchRows};
}
