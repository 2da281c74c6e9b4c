// A server-rendered page paints from its HTML and inline CSS; its scripts only hydrate what it shows. The
// renderer lists them in <script type="application/json" id="dalil-scripts"> ({entry, preload}) instead of
// tags, and this starts them once the page has painted, so the first paint never shares the network or the
// main thread with them (decision 037). The client-rendered shell has no such list: it does nothing there.
//
// Until the app hydrates, a click on a control that needs it (a button that is not a form's submit, a tab, a
// switch…) would be lost: the last such click is kept, and src/main.tsx replays it once the page has hydrated
// (window.dalilEarlyClick.take(), called as hydration starts, stops the recording). Links and forms work
// natively before hydration and are left alone.
(function () {
  var list = document.getElementById('dalil-scripts');
  if (!list) return;
  var early = null;
  var recording = true;
  function onClick(event) {
    if (!recording || !(event.target instanceof Element)) return;
    var control = event.target.closest('button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="menuitem"]');
    if (!control || control.closest('a[href]')) return;
    if (control.tagName === 'BUTTON' && control.type === 'submit' && control.form) return;
    early = control;
  }
  document.addEventListener('click', onClick, true);
  window.dalilEarlyClick = {
    take: function () {
      recording = false;
      document.removeEventListener('click', onClick, true);
      var taken = early;
      early = null;
      return taken;
    },
  };
  var files;
  try { files = JSON.parse(list.textContent); } catch (e) { return; }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    // one insertion into the head, not one per file
    var tags = document.createDocumentFragment();
    for (var i = 0; i < files.preload.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files.preload[i];
      tags.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = files.entry;
    tags.appendChild(script);
    document.head.appendChild(tags);
  }
  // after the task that follows the paint
  function afterPaint() { setTimeout(start, 0); }
  // a hidden tab or a prerender paints nothing: no reason to wait
  if (document.visibilityState !== 'visible') { start(); return; }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') >= 0) {
    var observer = new PerformanceObserver(function (entries) {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      afterPaint();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(afterPaint);
  }
  // whatever happens to paint timing, the page becomes interactive
  setTimeout(start, 2000);
  document.addEventListener('visibilitychange', start, { once: true });
})();
