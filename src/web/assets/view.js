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

// The command line to copy: what the API ran, without the --json it adds and
// the --cite the page asks for.
function commandToCopy(command) {
  return (command || '').split(' ').filter((w) => w !== '--json' && w !== '--cite').join(' ');
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
    barGeometry, chipRows, RATE_COLUMNS};
}
