// trainflops serve: the page's charts, inline SVG laid out by view.js (the
// layer shares, the quantile strip, the trend with the user's mark, the two
// methods of a comparison). Plain script; app.js calls these.
'use strict';

// --- charts: inline SVG, laid out by view.js ------------------------------

const SVG_NS = 'http://www.w3.org/2000/svg';

function svgEl(tag, attrs = {}, content = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (content !== null) node.textContent = content;
  return node;
}

// An SVG element with a tooltip (its <title> child).
function titled(node, title) {
  node.append(svgEl('title', {}, title));
  return node;
}

function svgRoot(width, height, cls, label) {
  return svgEl('svg', {class: 'chart ' + cls, width, height, viewBox: `0 0 ${width} ${height}`,
    role: 'img', 'aria-label': label});
}

// The per-layer share of the forward FLOP as a bar chart.
function layerChart(layers) {
  const shares = layerShares(layers);
  if (shares.length < 2) return null;
  const g = barGeometry(shares);
  const svg = svgRoot(g.width, g.height, 'layer-chart', 'share of forward FLOP per layer');
  for (const b of g.bars) {
    const y = b.y + b.height - 4;
    svg.append(svgEl('text', {x: b.x - 6, y, 'text-anchor': 'end'},
      b.name.length > 28 ? b.name.slice(0, 27) + '…' : b.name));
    svg.append(svgEl('rect', {class: 'bar', x: b.x, y: b.y, width: b.width, height: b.height}));
    svg.append(svgEl('text', {x: b.x + b.width + 4, y, 'text-anchor': 'start'}, b.label));
  }
  const rest = shares.rest;
  if (!rest.count) return svg;
  return el('div', {}, svg, el('p', {class: 'help rest'}, `The other ${rest.count} layers: ` +
    `${(100 * rest.share).toFixed(1)}% of the forward FLOP together (each smaller than the bars).`));
}

// The uncertainty's quantile strip: the 90% interval as a band, a mark per
// quantile, the median as a bar and the point estimate as a diamond.
function quantileChart(u) {
  const g = quantileStrip(u);
  if (!g) return null;
  const svg = svgRoot(g.width, g.height, 'quantile-chart', 'quantiles of training compute');
  const y = g.y;
  svg.append(svgEl('line', {class: 'axis', x1: g.ticks[0].x, x2: g.ticks[g.ticks.length - 1].x,
    y1: y + 14, y2: y + 14}));
  for (const t of g.ticks) {
    svg.append(svgEl('line', {class: 'axis', x1: t.x, x2: t.x, y1: y + 14, y2: y + 18}));
    svg.append(svgEl('text', {x: t.x, y: y + 30, 'text-anchor': 'middle'}, t.label));
  }
  svg.append(svgEl('text', {x: g.width / 2, y: g.height - 2, 'text-anchor': 'middle'},
    'training compute (FLOP, log scale)'));
  svg.append(svgEl('rect', {class: 'band', x: g.interval.x0, y: y - 8,
    width: Math.max(1, g.interval.x1 - g.interval.x0), height: 16}));
  for (const m of g.marks) {
    svg.append(titled(svgEl('circle', {class: 'quantile', cx: m.x, cy: y, r: 3.5}),
      `${m.label}: ${formatNumber(m.value)} FLOP`));
    if (m.labelled) svg.append(svgEl('text', {x: m.x, y: y - 12, 'text-anchor': 'middle'}, m.label));
  }
  if (g.median !== null) {
    svg.append(svgEl('line', {class: 'median', x1: g.median, x2: g.median, y1: y - 9, y2: y + 9}));
  }
  if (g.point !== null) {
    const p = g.point;
    svg.append(titled(svgEl('polygon', {class: 'point',
      points: `${p},${y + 4} ${p + 5},${y + 9} ${p},${y + 14} ${p - 5},${y + 9}`}),
    'the point estimate'));
  }
  return quantileLegend(svg, g);
}

// A legend below the strip: what the band, the bar and the diamond are.
function quantileLegend(svg, g) {
  const y = g.height + 14;
  svg.setAttribute('height', g.height + 22);
  svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height + 22}`);
  const legend = svgEl('g', {class: 'legend'});
  legend.append(svgEl('rect', {class: 'band', x: 40, y: y - 9, width: 16, height: 10}),
    svgEl('text', {x: 60, y}, '90% interval'),
    svgEl('line', {class: 'median', x1: 160, x2: 160, y1: y - 10, y2: y + 1}),
    svgEl('text', {x: 166, y}, 'median'),
    svgEl('circle', {class: 'quantile', cx: 235, cy: y - 4, r: 3.5}),
    svgEl('text', {x: 242, y}, 'percentile (hover for its value)'),
    svgEl('polygon', {class: 'point', points: `440,${y - 9} 445,${y - 4} 440,${y + 1} 435,${y - 4}`}),
    svgEl('text', {x: 450, y}, 'point estimate'));
  svg.append(legend);
  return svg;
}

// The trend: points, the fitted line, the band of the bootstrap interval's
// slopes, and a line per era.
function trendChart(json, mark) {
  const g = trendGeometry(json, {mark});
  if (!g) return null;
  const svg = svgRoot(g.width, g.height, 'trend-chart', 'training compute by publication date');
  const f = g.frame;
  for (const t of g.xTicks) {
    svg.append(svgEl('line', {class: 'grid', x1: t.x, x2: t.x, y1: f.top, y2: f.bottom}));
    svg.append(svgEl('text', {x: t.x, y: f.bottom + 16, 'text-anchor': 'middle'}, t.label));
  }
  for (const t of g.yTicks) {
    svg.append(svgEl('line', {class: 'grid', x1: f.left, x2: f.right, y1: t.y, y2: t.y}));
    svg.append(svgEl('text', {x: f.left - 6, y: t.y + 4, 'text-anchor': 'end'}, t.label));
  }
  const path = (pts) => pts.map(([x, y]) => `${x},${y}`).join(' ');
  if (g.band) svg.append(svgEl('polygon', {class: 'band', points: path(g.band)}));
  svg.append(svgEl('polyline', {class: 'fit', points: path(g.fit)}));
  for (const e of g.eras) {
    svg.append(titled(svgEl('polyline', {class: 'era', points: path(e.line)}), e.label));
  }
  for (const p of g.points) {
    svg.append(titled(svgEl('circle', {class: 'point', cx: p.x, cy: p.y, r: 4}),
      `${p.name}, ${p.date}: ${formatNumber(p.flop)} FLOP`));
  }
  svg.append(svgEl('text', {x: (f.left + f.right) / 2, y: f.bottom + 34, 'text-anchor': 'middle'},
    'publication date; training compute (FLOP) on a log scale'));
  if (g.mark) drawMark(svg, g.mark);
  return svg;
}

// The user's estimate on the trend: its interval, its point, rings on the
// notable models nearest it in compute, and a legend naming them.
function drawMark(svg, m) {
  const p = m.point;
  if (m.y0 !== null && m.y1 !== null) {
    svg.append(svgEl('line', {class: 'mark-interval', x1: p.x, x2: p.x, y1: m.y0, y2: m.y1}));
  }
  for (const n of m.neighbours) {
    svg.append(titled(svgEl('circle', {class: 'neighbour', cx: n.x, cy: n.y, r: 6}),
      `${n.name}: ${formatNumber(n.flop)} FLOP`));
  }
  svg.append(titled(svgEl('polygon', {class: 'mark', points: diamond(p.x, p.y, 7)}),
    `${p.name}: ${formatNumber(p.flop)} FLOP`));
  const l = m.legend;
  const legend = svgEl('g', {class: 'mark-legend'});
  const sign = l.anchor === 'start' ? 1 : -1;
  for (const row of l.rows) {
    legend.append(row.kind === 'mark'
      ? svgEl('polygon', {class: 'mark', points: diamond(l.x + sign * 6, row.y - 4, 6)})
      : svgEl('circle', {class: 'neighbour', cx: l.x + sign * 6, cy: row.y - 4, r: 5}));
    legend.append(svgEl('text', {class: 'mark-label', x: l.x + sign * 18, y: row.y,
      'text-anchor': l.anchor}, row.text));
  }
  svg.append(legend);
}

function diamond(x, y, r) {
  return `${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`;
}

// The two methods side by side on one log axis, each with its 90% interval
// when the run has one.
function compareChart(json) {
  const g = compareGeometry(json);
  if (!g) return null;
  const svg = svgRoot(g.width, g.height, 'compare-chart', 'Method 1 and Method 2 on a log axis');
  svg.append(svgEl('line', {class: 'axis', x1: g.axisX[0], x2: g.axisX[1], y1: g.axisY, y2: g.axisY}));
  for (const t of g.ticks) {
    svg.append(svgEl('line', {class: 'axis', x1: t.x, x2: t.x, y1: g.axisY, y2: g.axisY + 4}));
    svg.append(svgEl('text', {x: t.x, y: g.axisY + 16, 'text-anchor': 'middle'}, t.label));
  }
  for (const r of g.rows) {
    svg.append(svgEl('text', {x: 4, y: r.y + 4}, r.name));
    if (r.x0 !== null && r.x1 !== null) {
      svg.append(svgEl('rect', {class: 'band', x: r.x0, y: r.y - 8, width: Math.max(1, r.x1 - r.x0),
        height: 16}));
    }
    svg.append(titled(svgEl('circle', {class: 'method', cx: r.x, cy: r.y, r: 5}),
      `${r.name}: ${formatNumber(r.value)} FLOP`));
  }
  svg.append(svgEl('text', {x: g.width / 2, y: g.height - 4, 'text-anchor': 'middle'},
    'training compute (FLOP, log scale); band: 90% interval'));
  return svg;
}
