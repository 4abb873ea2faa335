// pgknobs' flame graphs: each div.flame holds the id of a JSON script element with the flattened tree
// [[depth, start, end, name, samples, delta, passed], ...] (start/end as fractions of the root's samples; delta the
// change of the frame's share in points against the compared step, null in a plain graph; passed whether that
// change passes the profile test with the why-gate open: a differential colours only those, the rest grey).
// ECharts' custom series draws one rectangle per frame; a click zooms into a frame, a double click zooms back out.
(function () {
  function color(item, diff, maxDelta) {
    if (!diff) {
      var h = 0;
      for (var i = 0; i < item[3].length; i++) { h = (h * 31 + item[3].charCodeAt(i)) % 997; }
      return 'hsl(' + (10 + h % 45) + ',85%,' + (55 + h % 15) + '%)';
    }
    if (item[6] !== true) { return 'hsl(0,0%,82%)'; }
    var d = item[5] === null ? 0 : item[5];
    var t = maxDelta > 0 ? Math.min(1, Math.abs(d) / maxDelta) : 0;
    var light = Math.round(95 - 45 * t);
    return d >= 0 ? 'hsl(0,80%,' + light + '%)' : 'hsl(220,80%,' + light + '%)';
  }
  function text(s) {
    return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  }
  function draw(el) {
    var data = JSON.parse(document.getElementById(el.getAttribute('data-flame')).textContent);
    var diff = el.getAttribute('data-diff') === 'true';
    var maxDepth = 0, maxDelta = 0;
    data.forEach(function (d) {
      maxDepth = Math.max(maxDepth, d[0]);
      if (d[5] !== null && d[6] === true) { maxDelta = Math.max(maxDelta, Math.abs(d[5])); }
    });
    el.style.height = Math.max(160, (maxDepth + 2) * 18) + 'px';
    if (diff) {
      // how many frames this differential colours: a test can read it from the drawn page
      el.setAttribute('data-coloured', String(data.filter(function (d) { return d[6] === true; }).length));
    }
    var chart = echarts.init(el, null, { renderer: 'canvas' });
    var total = data.length ? data[0][4] : 0;
    chart.setOption({
      animation: false,
      grid: { left: 2, right: 2, top: 2, bottom: 2 },
      tooltip: {
        formatter: function (p) {
          // the tooltip is HTML: the frame's name (server text) is escaped, the rest is ours
          var d = p.value, s = text(d[3]) + '<br/>' + d[4] + ' samples, ' + (100 * d[4] / total).toFixed(1) + ' %';
          if (diff && d[5] !== null) {
            s += '<br/>' + (d[5] >= 0 ? '+' : '') + d[5].toFixed(1) + ' points against the compared step'
              + (d[6] === true ? '' : ' (not shown as a change: it does not pass the test)');
          }
          return s;
        }
      },
      xAxis: { type: 'value', min: 0, max: 1, show: false },
      yAxis: { type: 'value', min: 0, max: maxDepth + 1, inverse: true, show: false },
      series: [{
        type: 'custom',
        data: data,
        encode: { x: [1, 2], y: 0 },
        renderItem: function (params, api) {
          var start = api.coord([api.value(1), api.value(0)]);
          var end = api.coord([api.value(2), api.value(0) + 1]);
          var width = end[0] - start[0];
          if (width < 0.5) { return null; }
          var item = data[params.dataIndex];
          return {
            type: 'rect',
            shape: { x: start[0], y: start[1], width: width, height: end[1] - start[1] - 1 },
            style: { fill: color(item, diff, maxDelta), stroke: '#fff', lineWidth: 0.5,
              text: width > 40 ? item[3] : '', textFill: '#000', fontSize: 11, textPosition: 'insideLeft',
              truncate: { outerWidth: width - 4 } }
          };
        }
      }]
    });
    chart.on('click', function (p) {
      chart.setOption({ xAxis: { min: p.value[1], max: p.value[2] } });
    });
    chart.getZr().on('dblclick', function () {
      chart.setOption({ xAxis: { min: 0, max: 1 } });
    });
    window.addEventListener('resize', function () { chart.resize(); });
  }
  document.querySelectorAll('div.flame').forEach(function (el) { pgknobsWhenShown(el, draw); });
})();
