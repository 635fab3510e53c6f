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

test('layer shares: largest first, the rest grouped, zero-FLOP layers left out', () => {
  // 14 layers of 1..14 FLOP (total 105) and one of 0: 12 bars + "other" (1 + 2 = 3 FLOP).
  const layers = [{name: 'embed', forward_flop: 0}];
  for (let i = 1; i <= 14; ++i) layers.push({name: 'l' + i, forward_flop: i});
  const shares = view.layerShares(layers);
  assert.strictEqual(shares.length, 13);
  assert.strictEqual(shares[0].name, 'l14');
  assert.ok(Math.abs(shares[0].share - 14 / 105) < 1e-12);
  assert.strictEqual(shares[12].name, 'other layers (2)');
  assert.strictEqual(shares[12].flop, 3);
  const total = shares.reduce((s, r) => s + r.share, 0);
  assert.ok(Math.abs(total - 1) < 1e-12);
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
