// Shared by charts.js and flamegraph.js, inlined before them: an element inside a closed <details> is drawn when the
// section (and every closed one around it) opens, since ECharts needs the element's size and a closed section has none.
function pgknobsWhenShown(el, fn) {
  var closed = el.parentNode.closest('details:not([open])');
  if (!closed) { fn(el); return; }
  closed.addEventListener('toggle', function once() {
    closed.removeEventListener('toggle', once);
    pgknobsWhenShown(el, fn);
  });
}
