// pgknobs' charts: each div.plot[data-chart] names a JSON script element {kind, title, columns, rows, options} that
// Charts.java and ForestPlot.java wrote from report.json's figures. This file only draws them (ECharts) and, on a
// click on "table", shows the same rows as a table. It computes no figure: what the chart shows is what the rows say.
(function () {
  var started = performance.now();
  var GREEN = '#2e8b57', RED = '#c0392b', GREY = '#555', PUBLISHED = '#8e44ad';
  function esc(s) {
    return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  }
  function num(v) {
    if (v === null || v === undefined) { return '–'; }
    if (typeof v !== 'number') { return String(v); }
    var a = Math.abs(v);
    return a >= 100 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : a >= 1 ? v.toFixed(2) : v.toPrecision(3);
  }
  function table(spec) {
    var h = '<table class="figures"><tr>' + spec.columns.map(function (c) { return '<th>' + esc(c) + '</th>'; }).join('')
      + '</tr>';
    spec.rows.forEach(function (r) {
      h += '<tr>' + r.map(function (c) { return '<td>' + esc(c === null ? '–' : c) + '</td>'; }).join('') + '</tr>';
    });
    return h + '</table>';
  }
  // rows [series, x, y] grouped by series, in order of first appearance; a row without y is an event at x
  function groups(rows) {
    var names = [], lines = {}, events = {};
    rows.forEach(function (r) {
      if (r[2] === null) { (events[r[0]] = events[r[0]] || []).push(r[1]); return; }
      if (!lines[r[0]]) { lines[r[0]] = []; names.push(r[0]); }
      lines[r[0]].push([r[1], r[2]]);
    });
    return { names: names, lines: lines, events: events };
  }
  function markColor(mark) { return mark === 'UP' ? GREEN : mark === 'DOWN' ? RED : GREY; }

  // the forest plot: a row per step; c = column index by name
  function forest(spec, ranked) {
    var c = {};
    spec.columns.forEach(function (name, i) { c[name] = i; });
    var rows = spec.rows.slice();
    if (ranked) {
      var size = function (r) { return r[c.estimate] === null ? -1 : Math.abs(Math.log(r[c.estimate])); };
      rows.sort(function (a, b) { return size(b) - size(a); });
    }
    var o = spec.options, steps = rows.map(function (r) { return r[c.step]; });
    var label = function (r) {
      if (r[c.estimate] === null) { return r[c.status] && r[c.status] !== 'done' ? r[c.status] : 'not measured'; }
      var v = r[c.verdict] !== null ? r[c.verdict] : '';
      if (r[c.lower] === null && r[c.upper] === null) { return v && v.indexOf('no interval') < 0 ? v + ' (no interval)' : 'no interval'; }
      return v;
    };
    var whiskers = [], points = [], published = [];
    rows.forEach(function (r, i) {
      if (r[c.lower] !== null || r[c.upper] !== null) { whiskers.push([r[c.lower], r[c.upper], i, r[c.bound]]); }
      if (r[c.estimate] !== null) {
        points.push({ value: [r[c.estimate], i], itemStyle: { color: markColor(r[c.mark]) },
          symbol: r[c.bound] ? 'triangle' : r[c.lower] === null && r[c.upper] === null ? 'emptyCircle' : 'circle',
          // a bound points the way it bounds: a lower bound right, an upper bound left
          symbolRotate: r[c.bound] ? (r[c.lower] !== null ? -90 : 90) : 0 });
      }
      if (r[c.published] !== null) { published.push([r[c.published], i]); }
    });
    var tip = function (p) {
      var r = rows[p.value[p.seriesName === 'interval' ? 2 : 1]];
      var s = '<b>' + esc(r[c.step]) + '</b><br/>';
      if (r[c.estimate] === null) {
        s += esc(label(r));
      } else {
        s += (r[c.bound] ? (r[c.lower] !== null ? '≥ ' + num(r[c.lower]) : '≤ ' + num(r[c.upper]))
          + ' (a 95 % bound: nothing completed)' : num(r[c.estimate])
          + (r[c.lower] !== null || r[c.upper] !== null ? ' [' + num(r[c.lower]) + '–' + num(r[c.upper]) + '] 95 %'
            : ' (' + esc(r[c.noInterval]) + ')'));
      }
      if (r[c.published] !== null) { s += '<br/>published ' + num(r[c.published]); }
      if (r[c.verdict] !== null) { s += '<br/>verdict: ' + esc(r[c.verdict]); }
      if (r[c.why] !== null) { s += '<br/><i>' + esc(r[c.why]) + '</i>'; }
      return '<div style="max-width:420px;white-space:normal">' + s + '</div>';
    };
    var markLine = { silent: true, symbol: 'none', label: { show: false }, lineStyle: { color: '#222', type: 'solid' },
      data: [{ xAxis: 1 }] };
    var markArea = o.drift ? { silent: true, itemStyle: { color: 'rgba(120,120,120,0.15)' },
      data: [[{ xAxis: o.drift[0] }, { xAxis: o.drift[1] }]] } : undefined;
    return {
      animation: false,
      title: { text: spec.title, left: 0, textStyle: { fontSize: o.small ? 12 : 14 } },
      grid: { left: o.small ? 70 : 110, right: o.small ? 120 : 260, top: 34, bottom: 44 },
      tooltip: { trigger: 'item', formatter: tip, confine: true },
      legend: o.small ? undefined : { right: 0, top: 0, data: ['estimate', 'interval', 'published'] },
      xAxis: { type: 'log', min: o.min, max: o.max, name: o.axis, nameLocation: 'middle', nameGap: 26,
        axisLabel: { formatter: num, showMinLabel: false, showMaxLabel: false }, minorTick: { show: true },
        splitLine: { show: false } },
      yAxis: [{ type: 'category', data: steps, inverse: true, axisTick: { show: false } },
        { type: 'category', data: steps, inverse: true, position: 'right', axisTick: { show: false },
          axisLine: { show: false }, axisLabel: { width: o.small ? 110 : 250, overflow: 'truncate',
            formatter: function (v, i) { return label(rows[i]); } } }],
      series: [
        { name: 'interval', type: 'custom', data: whiskers, encode: { x: [0, 1], y: 2 }, z: 2, itemStyle: { color: '#333' },
          renderItem: function (params, api) {
            var lo = api.value(0), hi = api.value(1), y = api.coord([1, api.value(2)])[1];
            var x0 = isNaN(lo) ? params.coordSys.x : api.coord([lo, 0])[0];
            var x1 = isNaN(hi) ? params.coordSys.x + params.coordSys.width : api.coord([hi, 0])[0];
            var style = { stroke: '#333', lineWidth: 1.5 };
            var children = [{ type: 'line', name: 'whisker', shape: { x1: x0, y1: y, x2: x1, y2: y }, style: style }];
            if (!isNaN(lo)) { children.push({ type: 'line', shape: { x1: x0, y1: y - 5, x2: x0, y2: y + 5 }, style: style }); }
            if (!isNaN(hi)) { children.push({ type: 'line', shape: { x1: x1, y1: y - 5, x2: x1, y2: y + 5 }, style: style }); }
            return { type: 'group', children: children };
          } },
        { name: 'estimate', type: 'scatter', data: points, symbolSize: 10, z: 3, itemStyle: { color: GREY },
          markLine: markLine, markArea: markArea },
        { name: 'published', type: 'scatter', data: published, symbol: 'diamond', symbolSize: 11, z: 4,
          itemStyle: { color: PUBLISHED } }
      ]
    };
  }

  function throughput(spec) {
    var r = spec.rows, o = spec.options, col = function (i) { return r.map(function (x) { return x[i]; }); };
    var series = [{ name: spec.columns[1], type: 'line', data: col(1), symbolSize: 8, connectNulls: false }];
    if (r.some(function (x) { return x[2] !== null; })) {
      series.push({ name: spec.columns[2], type: 'scatter', data: col(2), symbol: 'triangle', itemStyle: { color: '#999' } });
      series.push({ name: spec.columns[3], type: 'scatter', data: col(3), symbol: 'triangle', itemStyle: { color: '#999' } });
    }
    if (r.some(function (x) { return x[4] !== null; })) {
      series.push({ name: spec.columns[4], type: 'scatter', data: col(4), symbol: 'diamond', symbolSize: 10,
        itemStyle: { color: PUBLISHED } });
    }
    return { animation: false, title: { text: spec.title, textStyle: { fontSize: 14 } }, legend: { top: 24 },
      tooltip: { trigger: 'axis', valueFormatter: num }, grid: { top: 60, left: 70, right: 30, bottom: 50 },
      xAxis: { type: 'category', data: col(0), name: o.x, nameLocation: 'middle', nameGap: 30 },
      yAxis: { type: o.log ? 'log' : 'value', name: o.y, axisLabel: { formatter: num } }, series: series };
  }

  function lines(spec) {
    var g = groups(spec.rows), o = spec.options, series = g.names.map(function (n) {
      // stacked (waits over time): the areas add up to every active backend at the round
      return o.stack ? { name: n, type: 'line', stack: 'all', areaStyle: {}, showSymbol: false, data: g.lines[n] }
        : { name: n, type: 'line', showSymbol: g.lines[n].length < 30, data: g.lines[n] };
    });
    Object.keys(g.events).forEach(function (n) {
      // events (checkpoints) on the same time axis: a vertical line at each second one was counted
      series.push({ name: n, type: 'line', data: [], color: RED, markLine: { symbol: 'none', silent: false,
        label: { formatter: n, fontSize: 10 }, lineStyle: { color: RED, type: 'dashed' },
        data: g.events[n].map(function (x) { return { xAxis: x }; }) } });
    });
    return { animation: false, title: { text: spec.title, textStyle: { fontSize: o.small ? 12 : 14 } },
      legend: { type: 'scroll', top: 22 }, tooltip: { trigger: 'axis', valueFormatter: num },
      dataZoom: [{ type: 'inside' }], grid: { top: 56, left: 60, right: 30, bottom: 46 },
      xAxis: { type: 'value', name: o.x, nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: 'value', name: o.y, axisLabel: { formatter: num } }, series: series };
  }

  function stacked(spec) {
    var o = spec.options, series = spec.columns.slice(1).map(function (n, i) {
      return { name: n, type: 'bar', stack: 'all', data: spec.rows.map(function (r) { return r[i + 1]; }) };
    });
    return { animation: false, title: { text: spec.title, textStyle: { fontSize: 14 } }, legend: { type: 'scroll', top: 22 },
      tooltip: { trigger: 'axis', valueFormatter: num }, grid: { top: 60, left: 70, right: 30, bottom: 50 },
      xAxis: { type: 'category', data: spec.rows.map(function (r) { return r[0]; }), name: o.x, nameLocation: 'middle',
        nameGap: 30 }, yAxis: { type: 'value', name: o.y, axisLabel: { formatter: num } }, series: series };
  }

  // the tornado: leave-one-out to the left (its log turned round), add-one-in to the right, log10 of the factor
  function tornado(spec) {
    var units = spec.rows.map(function (r) { return r[0]; }), o = spec.options;
    var side = function (from, sign, color, name) {
      var data = [];
      spec.rows.forEach(function (r, i) {
        if (r[from] !== null) {
          var a = sign * Math.log10(r[from]), b = sign * Math.log10(r[from + 2]);
          data.push([Math.min(a, b), Math.max(a, b), sign * Math.log10(r[from + 1]), i]);
        }
      });
      return { name: name, type: 'custom', data: data, encode: { x: [0, 1], y: 3 }, itemStyle: { color: color },
        renderItem: function (params, api) {
          var p0 = api.coord([api.value(0), api.value(3)]), p1 = api.coord([api.value(1), api.value(3)]);
          var e = api.coord([api.value(2), api.value(3)]), h = api.size([0, 1])[1] * 0.5;
          return { type: 'group', children: [
            { type: 'rect', name: 'bar', shape: { x: p0[0], y: p0[1] - h / 2, width: p1[0] - p0[0], height: h },
              style: { fill: color } },
            { type: 'line', name: 'tick', shape: { x1: e[0], y1: p0[1] - h / 2, x2: e[0], y2: p0[1] + h / 2 },
              style: { stroke: '#000', lineWidth: 2 } }] };
        } };
    };
    return { animation: false, title: { text: spec.title, textStyle: { fontSize: 13 } }, legend: { bottom: 0 },
      tooltip: { trigger: 'item', formatter: function (p) {
        var r = spec.rows[p.value[3]], loo = p.seriesName.indexOf('leave') === 0, k = loo ? 1 : 4;
        return esc(r[0]) + '<br/>' + esc(spec.columns[k + 1]) + ' ' + num(r[k + 1]) + ' [' + num(r[k]) + '–'
          + num(r[k + 2]) + '] 95 %';
      } },
      grid: { top: 40, left: 140, right: 30, bottom: 70 },
      xAxis: { type: 'value', name: o.x, nameLocation: 'middle', nameGap: 28 },
      yAxis: { type: 'category', data: units, inverse: true },
      series: [side(1, -1, '#3366cc', 'leave-one-out (95 % interval)'), side(4, 1, '#dd7722', 'add-one-in (95 % interval)'),
        { type: 'line', data: [], markLine: { silent: true, symbol: 'none', label: { show: false },
          lineStyle: { color: '#222', type: 'solid' }, data: [{ xAxis: 0 }] } }] };
  }

  // the history (history --html): a point per run (the geometric mean of its repeats) with its repeats' 95 % interval
  // as a band, each change point a dashed line between the last run before and the first after, labelled with the
  // figure HistoryPage wrote, and a ring round a run whose machine differed from the run before's
  function history(spec) {
    var c = {}, o = spec.options, rows = spec.rows, ORANGE = '#e67e22';
    spec.columns.forEach(function (name, i) { c[name] = i; });
    var bands = [], rings = [], changes = [];
    rows.forEach(function (r, i) {
      if (r[c.lower] !== null && r[c.upper] !== null) { bands.push([r[c.run], r[c.lower], r[c.upper], i]); }
      if (r[c.machine] !== null) { rings.push({ value: [r[c.run], r[c.value]], row: i }); }
      if (r[c.change] !== null) {
        changes.push({ xAxis: r[c.run] - 0.5, label: { formatter: 'change ' + r[c.change], fontSize: 10 } });
      }
    });
    var tip = function (p) {
      var r = rows[p.seriesName === '95 % interval' ? p.value[3] : p.seriesName === 'machine differed' ? p.data.row
        : p.dataIndex];
      var s = '<b>run ' + r[c.run] + '</b> ' + esc(r[c.started] === null ? '' : r[c.started]) + '<br/>'
        + esc(r[c.runKey]) + ' ' + esc(r[c.directory]) + '<br/>' + num(r[c.value]) + '/s'
        + (r[c.lower] !== null ? ' [' + num(r[c.lower]) + '–' + num(r[c.upper]) + '] 95 % (' + r[c.repeats] + ' repeats)'
          : ' (1 repeat: no interval)');
      if (r[c.change] !== null) {
        s += '<br/>change point before this run: after ÷ before ' + esc(r[c.change]) + ', p = ' + r[c.changeP].toPrecision(2);
      }
      if (r[c.machine] !== null) { s += '<br/>machine differed: ' + esc(r[c.machine]); }
      s += '<br/>' + (r[c.differed] !== null ? 'differed from the run before: ' + esc(r[c.differed])
        : r[c.run] === 1 ? 'first run' : 'nothing differed from the run before');
      return '<div style="max-width:480px;white-space:normal">' + s + '</div>';
    };
    var series = [
      { name: 'run (geometric mean)', type: 'line', data: rows.map(function (r) { return [r[c.run], r[c.value]]; }),
        symbolSize: 7, z: 3, itemStyle: { color: GREY }, lineStyle: { color: '#aaa', width: 1 },
        markLine: changes.length ? { symbol: 'none', silent: true, lineStyle: { color: RED, type: 'dashed' },
          data: changes } : undefined },
      { name: '95 % interval', type: 'custom', data: bands, encode: { x: 0, y: [1, 2] }, z: 2,
        itemStyle: { color: 'rgba(70,110,180,0.25)' },
        renderItem: function (params, api) {
          var top = api.coord([api.value(0), api.value(2)]), bottom = api.coord([api.value(0), api.value(1)]);
          var w = Math.max(4, api.size([1, 0])[0] * 0.3);
          return { type: 'rect', name: 'band', shape: { x: top[0] - w / 2, y: top[1], width: w, height: bottom[1] - top[1] },
            style: { fill: 'rgba(70,110,180,0.25)', stroke: 'rgba(70,110,180,0.6)' } };
        } }];
    if (rings.length) {
      series.push({ name: 'machine differed', type: 'scatter', data: rings, symbol: 'emptyCircle', symbolSize: 16,
        z: 4, itemStyle: { color: ORANGE, borderWidth: 2 } });
    }
    return { animation: false, title: { text: spec.title, textStyle: { fontSize: 14 } },
      legend: { top: 24, data: series.map(function (x) { return x.name; }) },
      tooltip: { trigger: 'item', formatter: tip, confine: true }, dataZoom: [{ type: 'inside' }],
      grid: { top: 60, left: 70, right: 30, bottom: 64 },
      // runs at 1..n, ticks on whole numbers: the axis runs from 0 to n + 1 and labels only the runs (number, day)
      xAxis: { type: 'value', min: 0, max: rows.length + 1, interval: 1, name: o.x, nameLocation: 'middle',
        nameGap: 40, splitLine: { show: false }, axisTick: { show: false },
        axisLabel: { hideOverlap: true, formatter: function (v) {
          var r = rows[v - 1];
          return !r ? '' : r[c.run] + (r[c.started] ? '\n' + String(r[c.started]).substring(5, 10) : '');
        } } },
      yAxis: { type: 'value', scale: true, name: o.y, axisLabel: { formatter: num } }, series: series };
  }

  // the step's row: its folded sections opened, then shown
  function go(id) {
    var target = document.getElementById(id);
    if (!target) { return; }
    for (var d = target.closest('details'); d; d = d.parentNode.closest('details')) { d.open = true; }
    target.scrollIntoView();
    location.hash = id;
  }
  var kinds = { forest: forest, throughput: throughput, lines: lines, stacked: stacked, tornado: tornado,
    history: history };
  var drawn = 0;
  document.querySelectorAll('div.plot[data-chart]').forEach(function (el) { pgknobsWhenShown(el, draw); });
  function draw(el) {
    var spec = JSON.parse(document.getElementById(el.getAttribute('data-chart')).textContent);
    var small = spec.options.small;
    el.style.height = (spec.kind === 'forest' ? 80 + spec.rows.length * (small ? 24 : 30)
      : spec.kind === 'tornado' ? 120 + spec.rows.length * 40 : small ? 240 : 360) + 'px';
    var chart = echarts.init(el, null, { renderer: 'canvas' });
    chart.setOption(kinds[spec.kind](spec, false));
    if (spec.kind === 'forest') {
      var ranked = false, order = el.parentNode.querySelector('button.order');
      chart.on('click', function (p) {
        // the row's position in the order drawn, its step's anchor from the spec
        var step = chart.getOption().yAxis[0].data[p.value[p.seriesName === 'interval' ? 2 : 1]];
        var row = spec.rows.filter(function (r) { return r[0] === step; })[0];
        if (row) { go(row[1]); }
      });
      if (order) {
        order.addEventListener('click', function () {
          ranked = !ranked;
          order.textContent = ranked ? 'run order' : 'ranked by effect';
          chart.setOption(kinds.forest(spec, ranked), { replaceMerge: ['series'] });
        });
      }
    }
    window.addEventListener('resize', function () { chart.resize(); });
    drawn++;
    document.body.setAttribute('data-charts-drawn', String(drawn));
  }
  document.querySelectorAll('button.totable').forEach(function (b) {
    b.addEventListener('click', function () {
      var fig = b.closest('figure'), shown = fig.querySelector('div.figures');
      if (shown) { shown.remove(); b.textContent = 'table'; return; }
      var spec = JSON.parse(document.getElementById(b.getAttribute('data-for') + '-data').textContent);
      var div = document.createElement('div');
      div.className = 'figures scroll';
      div.innerHTML = table(spec);
      fig.appendChild(div);
      b.textContent = 'hide table';
    });
  });
  // for a reader who measures (docs/benchmarks.md): how many charts were drawn on opening, when they were (ms since
  // the page's navigation started), and how much of that this script took
  document.body.setAttribute('data-charts-drawn', String(drawn));
  document.body.setAttribute('data-charts-ms', String(Math.round(performance.now())));
  document.body.setAttribute('data-charts-script-ms', String(Math.round(performance.now() - started)));
})();
