// ReportChartsBrowserTest's probe, run in report.html after the page's scripts: what each chart drew, read back from its
// ECharts instance, written as JSON into <pre id="probe"> for the test to check against the numbers.
(function () {
  var forests = {}, hovered = {}, drawnAtLoad = document.querySelectorAll('div.plot[_echarts_instance_]').length;
  document.querySelectorAll('div.plot[data-chart]').forEach(function (el) {
    var spec = JSON.parse(document.getElementById(el.getAttribute('data-chart')).textContent);
    var chart = echarts.getInstanceByDom(el);
    if (spec.kind !== 'forest' || !chart) { return; }
    var px = function (v) { return v === null ? null : chart.convertToPixel({ xAxisIndex: 0 }, v); };
    var rows = spec.rows.map(function (r) {
      return { step: r[0], estimate: px(r[2]), lower: px(r[3]), upper: px(r[4]), published: px(r[5]),
        y: chart.convertToPixel({ yAxisIndex: 0 }, r[0]) };
    });
    // the whiskers as drawn: every line the custom series made, [x1, x2, y]
    var whiskers = [];
    chart.getZr().storage.getDisplayList(true).forEach(function (e) {
      if (e.name === 'whisker') { whiskers.push([e.shape.x1, e.shape.x2, e.shape.y1]); }
    });
    var estimates = chart.getOption().series[1].data.map(function (d) { return d.value; });
    forests[el.id] = { rows: rows, whiskers: whiskers, one: px(1), estimates: estimates };
    // hover each estimate: the tooltip's text as the reader sees it
    hovered[el.id] = estimates.map(function (v, i) {
      chart.dispatchAction({ type: 'showTip', seriesIndex: 1, dataIndex: i });
      var tip = Array.prototype.slice.call(el.querySelectorAll('div')).filter(function (d) {
        return d.style.zIndex === '9999999';
      })[0];
      return tip ? tip.innerText : null;
    });
    // the reader's two buttons: "ranked by effect" reorders the rows, "table" shows the figures
    var order = el.parentNode.querySelector('button.order');
    if (order) {
      order.click();
      forests[el.id].ranked = chart.getOption().yAxis[0].data;
      order.click();
      forests[el.id].back = chart.getOption().yAxis[0].data;
    }
    el.parentNode.querySelector('button.totable').click();
    forests[el.id].tableRows = el.parentNode.querySelectorAll('div.figures tr').length;
  });
  // then every folded section opened: what draws on opening
  var closed = document.querySelectorAll('details:not([open])').length;
  document.querySelectorAll('details').forEach(function (d) { d.open = true; });
  setTimeout(function () {
    var pre = document.createElement('pre');
    pre.id = 'probe';
    pre.textContent = JSON.stringify({ forests: forests, hovered: hovered, drawnAtLoad: drawnAtLoad, closed: closed,
      charts: document.querySelectorAll('div.plot[data-chart]').length,
      drawnOpened: document.querySelectorAll('div.plot[_echarts_instance_]').length });
    document.body.appendChild(pre);
  }, 1000);
})();
