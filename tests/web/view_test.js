// The page's view logic (src/web/assets/view.js) under Node's test runner:
// the headline, the copied command line, the per-layer chart's bars and the
// chip browser's filter, on JSON shaped as the API returns it. Expected values
// are worked out by hand in the comments. Run by CTest (tests/CMakeLists.txt)
// as `node tests/web/view_test.js`.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const view = require('../../src/web/assets/view.js');

test('numbers print with four significant digits', () => {
  assert.strictEqual(view.formatNumber(1.7905536e19), '1.791e19');
  assert.strictEqual(view.formatNumber(0.4), '0.4');
  assert.strictEqual(view.formatNumber(1200), '1200');
  assert.strictEqual(view.formatNumber(null), '-');
});

test('the headline gives value, pfs-days, interval and one label', () => {
  // 8 V100 x 5 days x 1.57e13 FLOP/s x 0.33 = 1.7905536e19 FLOP; / 8.64e19 = 0.2072 pfs-days.
  const json = {
    training_flop: 1.7905536e19,
    training_pfs_days: 1.7905536e19 / 8.64e19,
    uncertainty: {low: 1.2e19, high: 2.5e19, interval: '90% (5th to 95th percentile)',
      label: 'Confident', label_rule: 'Confident: the 90% interval is within 3x of the median'},
  };
  const h = view.headlineParts(json);
  assert.strictEqual(h.value, '1.791e19 FLOP');
  assert.strictEqual(h.pfs, '0.2072 pfs-days');
  assert.strictEqual(h.interval, '1.2e19 to 2.5e19 FLOP (90% (5th to 95th percentile))');
  // The label once, not "Confident: Confident: ...".
  assert.strictEqual(h.label, 'Confident: the 90% interval is within 3x of the median');
  assert.strictEqual(view.headlineParts({flop: 1e20}), null);
});

test('the copied command line has neither --json nor --cite', () => {
  assert.strictEqual(
    view.commandToCopy("trainflops hardware --chip=V100 '--time=5 days' --cite --json"),
    "trainflops hardware --chip=V100 '--time=5 days'");
});

test('field names in backquotes read as options', () => {
  assert.strictEqual(view.optionWording('give `year` or `peak_flops`'),
    'give --year or --peak-flops');
});

test('layer shares: largest first, the rest a note and not a bar, zero-FLOP layers left out', () => {
  // 14 layers of 1..14 FLOP (total 105) and one of 0: 12 bars (14 down to 3);
  // the other two (1 + 2 = 3 FLOP, 3/105 of the total) are a note, so that a
  // many-layered graph's remainder is never drawn as the biggest bar.
  const layers = [{name: 'embed', forward_flop: 0}];
  for (let i = 1; i <= 14; ++i) layers.push({name: 'l' + i, forward_flop: i});
  const shares = view.layerShares(layers);
  assert.strictEqual(shares.length, 12);
  assert.strictEqual(shares[0].name, 'l14');
  assert.ok(Math.abs(shares[0].share - 14 / 105) < 1e-12);
  assert.strictEqual(shares[11].name, 'l3');
  assert.ok(shares.every((s) => !s.name.startsWith('other')));
  assert.strictEqual(shares.rest.count, 2);
  assert.ok(Math.abs(shares.rest.share - 3 / 105) < 1e-12);
  // 60 equal layers: before, "other layers (48)" was a bar four times the
  // largest layer's (48 vs 1); now each bar is 1/60 and the rest 48/60.
  const many = Array.from({length: 60}, (_, i) => ({name: 'n' + i, forward_flop: 1}));
  const m = view.layerShares(many);
  assert.strictEqual(Math.max(...m.map((s) => s.share)), 1 / 60);
  assert.strictEqual(m.rest.count, 48);
});

test('bars scale to the largest share', () => {
  // Shares 0.5 and 0.25: widths 360 and 180; labels "50.0%" and "25.0%"; rows 22 apart.
  const g = view.barGeometry([{name: 'a', share: 0.5}, {name: 'b', share: 0.25}]);
  assert.deepStrictEqual(g.bars.map((b) => [b.width, b.label, b.y]),
    [[360, '50.0%', 0], [180, '25.0%', 22]]);
  assert.strictEqual(g.height, 44);
});

test('the chip browser filters on every word, any case', () => {
  const chips = [
    {name: 'NVIDIA A100 SXM4 80 GB', vendor: 'NVIDIA', aliases: ['a100 80gb'],
      release_date: '2020-11-16', peak_flop_per_s: {fp32: 1.95e13, fp16_tensor: 3.12e14}},
    {name: 'Google TPU v3', vendor: 'Google', aliases: ['tpu v3'], peak_flop_per_s: {bf16: 1.23e14}},
  ];
  assert.strictEqual(view.chipRows(chips, '').length, 2);
  const rows = view.chipRows(chips, 'a100 NVIDIA');
  assert.strictEqual(rows.length, 1);
  assert.strictEqual(rows[0].peaks[view.RATE_COLUMNS.indexOf('fp16_tensor')], 3.12e14);
  assert.strictEqual(rows[0].peaks[view.RATE_COLUMNS.indexOf('bf16')], null);
  assert.strictEqual(view.chipRows(chips, 'tpu').map((r) => r.name)[0], 'Google TPU v3');
});

test('the copied command leaves out the quantiles the page asked for', () => {
  const page = view.quantileWords();
  assert.strictEqual(page.length, 2 * view.PAGE_QUANTILES.length);
  assert.strictEqual(
    view.commandToCopy('trainflops tokens --params=70B --uncertainty --quantile 0.01 ' +
      '--quantile=0.99 --quantile 0.3 --json'),
    'trainflops tokens --params=70B --uncertainty --quantile 0.3');
});

test('the quantile strip puts each quantile on a log axis', () => {
  // Quantiles 1e18 (5%), 1e19 (50%), 1e20 (95%), and 1e21 (99%): the axis
  // runs from 1e18/1.15 to 1e21*1.15, so equal ratios are equal distances.
  const u = {low: 1e18, median: 1e19, high: 1e20, point: 1e19,
    quantiles: [{probability: 0.99, value: 1e21}]};
  const s = view.quantileStrip(u, {width: 600, pad: 50});
  assert.deepStrictEqual(s.marks.map((m) => m.label), ['5%', '50%', '95%', '99%']);
  assert.deepStrictEqual(s.marks.map((m) => m.labelled), [true, true, true, false]);
  const [a, b, c, d] = s.marks.map((m) => m.x);
  assert.ok(Math.abs((b - a) - (c - b)) < 1e-9 && Math.abs((d - c) - (c - b)) < 1e-9);
  // Decades 1e18..1e21 span log10(1e21/1e18) = 3 of log10(1.15^2 * 1e3) units
  // of the 500-pixel axis.
  const span = 3 / (3 + 2 * Math.log10(1.15));
  assert.ok(Math.abs((d - a) - 500 * span) < 1e-9);
  assert.deepStrictEqual(s.ticks.map((t) => t.label), ['1e18', '1e19', '1e20', '1e21']);
  assert.strictEqual(s.interval.x0, a);
  assert.strictEqual(s.interval.x1, c);
  assert.strictEqual(s.median, b);
  assert.strictEqual(view.quantileStrip(null), null);
});

test('the trend figure draws points, the fit and its band', () => {
  // Three points on log10 FLOP = 18 + (year - 2010): slope 1, intercept -1992.
  const json = {slope: 1, intercept: -1992, doubling_time_months: 12 * Math.log10(2),
    growth_per_year: 10, n_points: 3, r_squared: 1,
    interval: {level: 0.9, low: 3, high: 4, slope_low: 0.5, slope_high: 1.5},
    points: [{name: 'a', date: '2010-01-01', year: 2010, flop: 1e18},
      {name: 'b', date: '2011-01-01', year: 2011, flop: 1e19},
      {name: 'c', date: '2012-01-01', year: 2012, flop: 1e20}],
    eras: []};
  const g = view.trendGeometry(json, {width: 700, height: 400, left: 60, right: 20, top: 20,
    bottom: 40});
  assert.strictEqual(g.points.length, 3);
  // The points lie on the fitted line: its ends are the first and last point.
  assert.deepStrictEqual(g.fit[0], [g.points[0].x, g.points[0].y]);
  assert.deepStrictEqual(g.fit[1], [g.points[2].x, g.points[2].y]);
  // The band pivots at the centroid (2011, 19), the middle point, and at the
  // ends spans the slopes 0.5 and 1.5: log10 FLOP 18.5..17.5 at 2010.
  assert.deepStrictEqual(g.band[1], [g.points[1].x, g.points[1].y]);
  const pixelsPerDecade = (g.points[0].y - g.points[1].y);  // one decade per year here
  assert.ok(Math.abs((g.band[5][1] - g.band[0][1]) - pixelsPerDecade) < 1e-9);
  const h = view.trendHeadline(json);
  assert.strictEqual(h.value, 'doubling every 3.612 months');
  assert.strictEqual(h.interval, '90% bootstrap interval 3 to 4 months');
  assert.strictEqual(view.trendGeometry({points: []}), null);
});
