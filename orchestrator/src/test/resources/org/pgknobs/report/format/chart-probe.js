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
  // every chart's "table" button: the figures as a table (a header and a row per figure), and pressed again, gone
  var tables = {};
  document.querySelectorAll('div.plot[data-chart]').forEach(function (el) {
    var fig = el.parentNode, button = fig.querySelector('button.totable');
    if (fig.querySelector('div.figures')) { button.click(); }
    button.click();
    var shown = fig.querySelectorAll('div.figures tr').length;
    button.click();
    tables[el.id] = { rows: shown, hiddenAgain: fig.querySelectorAll('div.figures').length === 0 };
  });
  // a reader's click on a forest plot's first row with an estimate, as the mouse gives it (move, down, up, click at
  // the point's pixel): where the page went, and whether the step's row is now shown (its folded sections opened)
  var clicks = {};
  document.querySelectorAll('div.plot[data-chart]').forEach(function (el) {
    var spec = JSON.parse(document.getElementById(el.getAttribute('data-chart')).textContent);
    var chart = echarts.getInstanceByDom(el);
    var row = spec.rows.filter(function (r) { return r[2] !== null; })[0];
    if (spec.kind !== 'forest' || !chart || !row || !row[1]) { return; }
    var target = document.getElementById(row[1]);
    var hiddenBefore = !!(target && target.closest('details:not([open])'));
    location.hash = '';
    el.scrollIntoView();
    var box = el.getBoundingClientRect();
    var x = box.left + chart.convertToPixel({ xAxisIndex: 0 }, row[2]);
    var y = box.top + chart.convertToPixel({ yAxisIndex: 0 }, row[0]);
    var at = document.elementFromPoint(x, y);
    ['mousemove', 'mousedown', 'mouseup', 'click'].forEach(function (type) {
      at.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, bubbles: true, button: 0 }));
    });
    var shownBox = target ? target.getBoundingClientRect() : null;
    clicks[el.id] = { step: row[0], anchor: row[1], hiddenBefore: hiddenBefore, hash: location.hash,
      shownAfter: !!target && !target.closest('details:not([open])') && shownBox.height > 0,
      inView: !!shownBox && shownBox.top >= 0 && shownBox.top < window.innerHeight };
  });
  // then every folded section opened: what draws on opening
  var closed = document.querySelectorAll('details:not([open])').length;
  document.querySelectorAll('details').forEach(function (d) { d.open = true; });
  setTimeout(function () {
    // every chart as drawn: the figures its ECharts instance holds (axes' categories, each series' data, its event
    // lines, the forest's point colours), for the test to compare with report.json
    var options = {}, tornadoes = {};
    document.querySelectorAll('div.plot[data-chart]').forEach(function (el) {
      var chart = echarts.getInstanceByDom(el);
      if (!chart) { return; }
      var spec = JSON.parse(document.getElementById(el.getAttribute('data-chart')).textContent);
      if (spec.kind === 'tornado') {
        // the tornado as drawn: each bar's ends and middle, each tick's x and middle, and where 0, 1 and each unit's
        // row are (the rows by unit, its label's "= " mark dropped)
        var t = { zero: chart.convertToPixel({ xAxisIndex: 0 }, 0), one: chart.convertToPixel({ xAxisIndex: 0 }, 1),
          rows: {}, bars: [], ticks: [] };
        spec.rows.forEach(function (r) {
          t.rows[r[0].replace(/^= /, '')] = chart.convertToPixel({ yAxisIndex: 0 }, r[0]);
        });
        chart.getZr().storage.getDisplayList(true).forEach(function (e) {
          if (e.name === 'bar') { t.bars.push([e.shape.x, e.shape.x + e.shape.width, e.shape.y + e.shape.height / 2]); }
          if (e.name === 'tick') { t.ticks.push([e.shape.x1, e.shape.x2, (e.shape.y1 + e.shape.y2) / 2]); }
        });
        tornadoes[el.id] = t;
      }
      var o = chart.getOption(), axis = function (a) { return a && a[0] && a[0].data ? a[0].data : null; };
      options[el.id] = { title: o.title[0].text, x: axis(o.xAxis), y: axis(o.yAxis),
        series: o.series.map(function (s) {
          return { name: s.name, type: s.type, data: s.data.map(function (d) {
            return d !== null && typeof d === 'object' && !Array.isArray(d) ? { value: d.value,
              color: d.itemStyle ? d.itemStyle.color : null } : d;
          }), events: s.markLine && s.markLine.data ? s.markLine.data.map(function (d) { return d.xAxis; }) : null };
        }) };
    });
    var pre = document.createElement('pre');
    pre.id = 'probe';
    pre.textContent = JSON.stringify({ forests: forests, hovered: hovered, drawnAtLoad: drawnAtLoad, closed: closed,
      charts: document.querySelectorAll('div.plot[data-chart]').length,
      drawnOpened: document.querySelectorAll('div.plot[_echarts_instance_]').length, tables: tables, clicks: clicks,
      options: options, tornadoes: tornadoes });
    document.body.appendChild(pre);
  }, 1000);
})();
