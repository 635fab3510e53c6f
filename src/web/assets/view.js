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

// The command line to copy: what the API ran, without the --json it adds and
// the --cite and --quantile words the page asks for.
function commandToCopy(command) {
  const words = (command || '').split(' ');
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
// the command line's options, as its "More options" field does.
function optionWording(text) {
  return String(text).replace(/`([a-z0-9_]+)`/g, (m, name) => '--' + name.replace(/_/g, '-'));
}

// Each layer's share of the forward FLOP, largest first; beyond `max` bars the
// rest is one "other layers" bar, so the chart stays readable on a 1,000-node
// graph. Layers of zero FLOP (embeddings, reshapes) are left out.
function layerShares(layers, max = 12) {
  const rows = (layers || [])
    .filter((l) => typeof l.forward_flop === 'number' && l.forward_flop > 0)
    .map((l) => ({name: l.name || l.type || '?', flop: l.forward_flop}));
  const total = rows.reduce((sum, r) => sum + r.flop, 0);
  if (total <= 0) return [];
  rows.sort((a, b) => b.flop - a.flop);
  const shown = rows.slice(0, max);
  const rest = rows.slice(max);
  if (rest.length) {
    shown.push({name: `other layers (${rest.length})`, flop: rest.reduce((s, r) => s + r.flop, 0)});
  }
  return shown.map((r) => ({name: r.name, flop: r.flop, share: r.flop / total}));
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
// position of a value, and a tick at each power of ten inside (or at the two
// ends when the range spans less than a decade).
function logAxis(lo, hi, a, b) {
  const l0 = Math.log10(lo), l1 = Math.log10(hi);
  const at = (v) => a + ((Math.log10(v) - l0) / (l1 - l0 || 1)) * (b - a);
  const ticks = [];
  for (let d = Math.ceil(l0); d <= Math.floor(l1); ++d) ticks.push({x: at(10 ** d), label: '1e' + d});
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
// passes), plus one line per era. Null without points.
function trendGeometry(json, {width = 720, height = 420, left = 64, right = 16, top = 16,
  bottom = 40} = {}) {
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
  const logs = [...points.map((p) => Math.log10(p.flop)), ...fit.map((q) => q[1]),
    ...(band || []).map((q) => q[1])];
  const x0 = Math.floor(first - 0.15), x1 = Math.ceil(last + 0.15);
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

if (typeof module !== 'undefined') {
  module.exports = {formatNumber, headlineParts, commandToCopy, optionWording, layerShares,
    barGeometry, chipRows, RATE_COLUMNS, PAGE_QUANTILES, quantileWords, logAxis, quantileStrip,
    trendGeometry, trendHeadline};
}
