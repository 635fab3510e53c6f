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

test('field names read as words; page overrides are not "command line"', () => {
  assert.strictEqual(view.fieldLabel('peak_flop_per_s'), 'peak FLOP/s');
  assert.strictEqual(view.fieldLabel('training_pfs_days'), 'training pfs-days');
  assert.strictEqual(view.fieldLabel('chips'), 'chips');
  assert.strictEqual(view.optionWording('spec + command line'), 'spec, changed on the page');
});

test('a permalink carries the tab and its filled fields, and reads back', () => {
  const hash = view.stateToHash('hardware', [['chip', 'V100'], ['count', ''], ['time', '5 days'],
    ['extra', "--peak-flops '3.5 T'"]]);
  // Empty fields are left out; spaces are '+', quotes and '=' escaped.
  assert.strictEqual(hash, '#tab=hardware&chip=V100&time=5+days&extra=--peak-flops+%273.5+T%27');
  assert.deepStrictEqual(view.hashToState(hash), {tab: 'hardware',
    fields: [['chip', 'V100'], ['time', '5 days'], ['extra', "--peak-flops '3.5 T'"]]});
  assert.strictEqual(view.hashToState('#section-2'), null);
  assert.strictEqual(view.hashToState(''), null);
});

test('the command shown and copied reads the bundled record from data/', () => {
  assert.strictEqual(
    view.commandToCopy('trainflops trend --data epoch_notable_models_dev.csv --json'),
    'trainflops trend --data data/epoch_notable_models_dev.csv');
});

test('the log axis of a narrow strip has ticks between its ends', () => {
  // 1e19 .. 6e19 spans 0.78 decades: ticks at 1, 1.5, 2, 3, 4, 5 and 6e19,
  // each at log10 of its ratio to 1e19 over log10(6) of the 100-pixel axis.
  const axis = view.logAxis(1e19, 6e19, 0, 100);
  assert.deepStrictEqual(axis.ticks.map((t) => t.label),
    ['1e19', '1.5e19', '2e19', '3e19', '4e19', '5e19', '6e19']);
  assert.ok(Math.abs(axis.ticks[2].x - 100 * Math.log10(2) / Math.log10(6)) < 1e-9);
  // 1e19 .. 5e20 spans 1.7 decades: 1, 2 and 5 times each power of ten.
  assert.deepStrictEqual(view.logAxis(1e19, 5e20, 0, 100).ticks.map((t) => t.label),
    ['1e19', '2e19', '5e19', '1e20', '2e20', '5e20']);
  // Over three decades: powers of ten only.
  assert.deepStrictEqual(view.logAxis(1e18, 2e22, 0, 100).ticks.map((t) => t.label),
    ['1e18', '1e19', '1e20', '1e21', '1e22']);
});

test('CSV: layers, points or terms, quoted where needed', () => {
  const layers = {layers: [{name: 'conv, 1', type: 'conv2d', output_shape: [32, 32, 16],
    params: 448, forward_flop: 917504}]};
  assert.strictEqual(view.resultCsv('estimate', layers),
    'layer,type,output_shape,params,forward_flop\r\n"conv, 1",conv2d,32x32x16,448,917504\r\n');
  const trend = {points: [{name: 'He said "hi"', date: '2020-01-01', flop: 1e20}]};
  assert.strictEqual(view.resultCsv('trend', trend),
    'model,date,training_flop\r\n"He said ""hi""",2020-01-01,100000000000000000000\r\n');
  const terms = {training_flop: 2.17e19,
    inputs: {peak_flop_per_s: {value: 1.57e13, unit: 'FLOP/s', origin: 'table'},
      chips: {value: 8, unit: 'chips', origin: '`count`'}},
    assumptions: [{name: 'utilization', value: '0.4', source: 'Sevilla et al. 2022'}]};
  assert.strictEqual(view.resultCsv('hardware', terms),
    'kind,name,value,unit,source\r\ninput,peak FLOP/s,15700000000000,FLOP/s,table\r\n' +
    'input,chips,8,chips,--count\r\nassumption,utilization,0.4,,Sevilla et al. 2022\r\n' +
    'result,training FLOP,21700000000000000000,,\r\n');
});

test('CSV of evidence: a row per line with its median and interval', () => {
  const json = {lines: [{name: '6ND', kind: 'figure',
    result: {median: 4.08e24, low: 2e24, high: 8e24, label: 'Likely'}}]};
  assert.strictEqual(view.resultCsv('evidence', json),
    'line,kind,median_flop,low_flop,high_flop,label\r\n' +
    '6ND,figure,4.08e+24,2e+24,8e+24,Likely\r\n');
});

test('Markdown: headline, command, formula, inputs, assumptions, citation', () => {
  const json = {training_flop: 5.88e23, training_pfs_days: 5.88e23 / 8.64e19,
    formula: ['6 x N x D = 6 x 7e10 x 1.4e12 = 5.88e23 FLOP'],
    inputs: {params: {value: 7e10, unit: 'parameters', origin: '`params`'}},
    assumptions: [{name: 'convention', value: '6ND', source: 'Kaplan et al. 2020'}],
    citation: {text: 'We estimate ... (`params`).', bibtex: '@misc{kaplan2020}'}};
  const md = view.resultMarkdown('tokens', json, 'trainflops tokens --params=70B --cite --json');
  // 5.88e23 / 8.64e19 = 6805.6 pfs-days, printed with four digits: 6806.
  assert.ok(md.startsWith('# trainflops tokens\n\n**5.88e23 FLOP = 6806 pfs-days**'), md);
  assert.ok(md.includes('```sh\ntrainflops tokens --params=70B\n```'));
  assert.ok(md.includes('## Formula\n\n```\n6 x N x D = 6 x 7e10 x 1.4e12 = 5.88e23 FLOP\n```'));
  assert.ok(md.includes('| params | 7e10 | parameters | --params |'));
  assert.ok(md.includes('| convention | 6ND | Kaplan et al. 2020 |'));
  assert.ok(md.includes('## Citation\n\nWe estimate ... (--params).'));
  assert.ok(md.includes('```bibtex\n@misc{kaplan2020}\n```'));
});

test('the neighbours of an estimate are named, nearest below and above', () => {
  const points = [{name: 'GPT-3', flop: 3.14e23}, {name: 'Chinchilla', flop: 5.76e23},
    {name: 'PaLM', flop: 2.53e24}, {name: 'small', flop: 1e20}];
  const n = view.neighbours(points, 4e23);
  assert.strictEqual(n.below.name, 'GPT-3');
  assert.strictEqual(n.above.name, 'Chinchilla');
  assert.strictEqual(view.neighbourText(n),
    'between GPT-3 (3.14e23 FLOP) and Chinchilla (5.76e23 FLOP)');
  assert.ok(view.neighbourText(view.neighbours(points, 1e25)).startsWith('above every model'));
});

test('the trend places the mark, its interval and a legend clear of the fit line', () => {
  // The fit log10 FLOP = year - 1992; a mark at 2011.5 of 1e21 FLOP (interval
  // 5e20..2e21). Neighbours in compute: 'b' (1e19) below and 'c' (1e22) above.
  const json = {slope: 1, intercept: -1992, points: [
    {name: 'a', date: '2010-01-01', year: 2010, flop: 1e18},
    {name: 'b', date: '2011-01-01', year: 2011, flop: 1e19},
    {name: 'c', date: '2012-01-01', year: 2012, flop: 1e22}]};
  const g = view.trendGeometry(json, {width: 700, height: 400, left: 60, right: 20, top: 20,
    bottom: 40, mark: {flop: 1e21, low: 5e20, high: 2e21, year: 2011.5}});
  assert.deepStrictEqual(g.mark.neighbours.map((n) => n.name), ['b', 'c']);
  assert.ok(g.mark.y1 < g.mark.point.y && g.mark.point.y < g.mark.y0);  // high is up
  assert.strictEqual(g.mark.text, 'between b (1e19 FLOP) and c (1e22 FLOP)');
  // A rising fit is lowest at the left: the legend sits top left, 10 pixels
  // in, one row of 18 pixels per name, below the fit line's left end.
  const l = g.mark.legend;
  assert.deepStrictEqual([l.x, l.anchor], [70, 'start']);
  assert.deepStrictEqual(l.rows.map((r) => r.text),
    ['your estimate: 1e21 FLOP', 'b: 1e19 FLOP', 'c: 1e22 FLOP']);
  assert.deepStrictEqual(l.rows.map((r) => r.y), [36, 54, 72]);
  assert.ok(l.rows[2].y < g.fit[0][1] - 20);
  // A falling trend puts it top right.
  const falling = view.trendGeometry({...json, slope: -1, intercept: 2030},
    {mark: {flop: 1e21, year: 2011.5}});
  assert.strictEqual(falling.mark.legend.anchor, 'end');
});

test('compare: both methods on one axis, the utilization range from Method 2', () => {
  const json = {ratio_method1_over_method2: 3.55, reconciling_utilization: 1.065,
    method1: {training_flop: 5.88e23},
    method2: {training_flop: 1.656e23, uncertainty: {low: 1.1e23, high: 2.6e23, quantities: [
      {name: 'utilization (assumed)', distribution: 'triangular(0.2, 0.3, 0.5) [utilization_llm]',
        source: 'Sevilla et al. 2022'}]}}};
  const g = view.compareGeometry(json);
  assert.strictEqual(g.rows.length, 2);
  assert.strictEqual(g.rows[0].x0, null);  // Method 1 (6ND) has no interval here
  assert.ok(g.rows[1].x0 < g.rows[1].x && g.rows[1].x < g.rows[1].x1);
  assert.ok(g.rows[0].x > g.rows[1].x);  // 5.88e23 > 1.656e23
  // The axis runs the whole width (90 .. 560 - 30), past the last tick.
  assert.deepStrictEqual(g.axisX, [90, 530]);
  assert.ok(g.rows.every((r) => r.x >= 90 && r.x <= 530));
  const r = view.utilizationRange(json);
  assert.deepStrictEqual([r.low, r.high, r.where], [0.2, 0.5, 'above the plausible range']);
  assert.strictEqual(view.utilizationRange({method2: {}}), null);
});

test('what "Place on the trend" draws: an estimate, or evidence with its model', () => {
  assert.deepStrictEqual(view.markOf({training_flop: 5.88e23}),
    {flop: 5.88e23, low: undefined, high: undefined, name: ''});
  assert.deepStrictEqual(view.markOf({training_flop: 2e19, uncertainty: {low: 1e19, high: 4e19}}),
    {flop: 2e19, low: 1e19, high: 4e19, name: ''});
  assert.deepStrictEqual(view.markOf({model: 'Llama 4 Scout',
    combination: {median: 5.9e24, low: 2.6e24, high: 1.4e25}}),
  {flop: 5.9e24, low: 2.6e24, high: 1.4e25, name: 'Llama 4 Scout'});
  assert.strictEqual(view.markOf({flop: 1e20, multiply_adds: 5e19}), null);
});

test('Dataset: a row per model, labels with their factor, flagged rows marked', () => {
  // Shaped as /api/batch answers: 6ND = 6 x 1e9 x 1e10 = 6e19, and a row the
  // guards flagged (6 x 1e12 x 1e9 = 6e21 on 0.001 tokens per parameter).
  const json = {
    columns: ['Model', 'estimated_training_flop'],
    thresholds: [{column: 'p_over_eu_ai_act_art51', flop: 1e25}],
    rows: [
      {Model: 'Small', estimated_training_flop: 6e19, estimate_low: 1.18211e19,
        estimate_high: 2.17845e20, estimate_confidence: 'medium', label_error_factor: 3.631,
        p_over_eu_ai_act_art51: 0, within_eu_30pct_margin: 'no', estimate_flags: null},
      {Model: 'Wrong', estimated_training_flop: 6e21, estimate_low: 4.6e21, estimate_high: 7.4e21,
        estimate_confidence: 'flagged', label_error_factor: null, p_over_eu_ai_act_art51: null,
        within_eu_30pct_margin: null, estimate_flags: '6ND sees 0.001 tokens per parameter'},
    ],
  };
  const [small, wrong] = view.batchRows(json);
  assert.deepStrictEqual([small.name, small.estimate, small.interval, small.label, small.over,
    small.margin, small.flagged], ['Small', '6e19', '1.182e19 .. 2.178e20',
    'medium (90% within 3.631x)', ['0'], 'no', false]);
  assert.deepStrictEqual([wrong.flagged, wrong.label, wrong.over, wrong.margin, wrong.flags],
    [true, 'flagged', ['-'], '-', '6ND sees 0.001 tokens per parameter']);
  // The CSV: the library's column names, every digit, empty for null.
  assert.strictEqual(view.resultCsv('batch', json),
    'Model,estimated_training_flop,estimate_low,estimate_high,estimate_confidence,' +
    'label_error_factor,p_over_eu_ai_act_art51,within_eu_30pct_margin,estimate_flags\r\n' +
    'Small,6e19,1.18211e19,2.17845e20,medium,3.631,0,no,\r\n' +
    'Wrong,6e21,4.6e21,7.4e21,flagged,,,,6ND sees 0.001 tokens per parameter\r\n');
});
