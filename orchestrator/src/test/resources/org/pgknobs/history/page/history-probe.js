// HistoryPageBrowserTest's probe, run in the history page after its scripts: what each chart drew, read back from its
// ECharts instance, written as JSON into <pre id="probe"> for the test to check against the figures.
(function () {
  var charts = {};
  document.querySelectorAll('div.plot[data-chart]').forEach(function (el) {
    var chart = echarts.getInstanceByDom(el);
    if (!chart) { return; }
    var option = chart.getOption();
    var byName = {};
    option.series.forEach(function (s, i) { byName[s.name] = i; });
    var px = function (x, y) { return chart.convertToPixel({ xAxisIndex: 0, yAxisIndex: 0 }, [x, y]); };
    var line = option.series[byName['run (geometric mean)']];
    // every band as drawn: [x of its middle, top y, bottom y]
    var bands = [];
    chart.getZr().storage.getDisplayList(true).forEach(function (e) {
      if (e.name === 'band') { bands.push([e.shape.x + e.shape.width / 2, e.shape.y, e.shape.y + e.shape.height]); }
    });
    var rings = byName['machine differed'] === undefined ? [] : option.series[byName['machine differed']].data
      .map(function (d) { return d.value[0]; });
    var tips = line.data.map(function (v, i) {
      chart.dispatchAction({ type: 'showTip', seriesIndex: byName['run (geometric mean)'], dataIndex: i });
      var tip = Array.prototype.slice.call(el.querySelectorAll('div')).filter(function (d) {
        return d.style.zIndex === '9999999';
      })[0];
      return tip ? tip.innerText : null;
    });
    charts[el.id] = { points: line.data, pixels: line.data.map(function (v) { return px(v[0], v[1]); }),
      changes: (line.markLine && line.markLine.data || []).map(function (d) { return d.xAxis; }),
      bands: bands, rings: rings, tips: tips, legend: option.legend[0].data };
    // the pixel of each run's interval ends, to compare with the bands drawn
    var rows = JSON.parse(document.getElementById(el.getAttribute('data-chart')).textContent).rows;
    charts[el.id].ends = rows.filter(function (r) { return r[3] !== null; }).map(function (r) {
      return [px(r[0], r[4])[0], px(r[0], r[4])[1], px(r[0], r[3])[1]];
    });
  });
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = JSON.stringify({ charts: charts, drawn: document.body.getAttribute('data-charts-drawn') });
  document.body.appendChild(pre);
})();
