// The offline page's script (src/sw/offline-page.ts, decision 047), a file of its own (the Content-Security-Policy
// allows no inline script). Before the first paint: the stored or the system theme. Then: "Try again" reloads, and
// the list shows the pages this device keeps (the service worker's pages cache), newest first, each with its title
// and how long ago it was stored (Intl.RelativeTimeFormat, the page's language, Western digits).
(function () {
  try {
    var t = localStorage.getItem('theme');
    if (t !== 'dark' && t !== 'light') t = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.classList.remove('light', 'dark');
    document.documentElement.classList.add(t);
  } catch (e) {}

  var lang = document.documentElement.lang === 'ar' ? 'ar' : 'en';
  var locale = lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-US';
  var UNITS = [['year', 31536000], ['month', 2592000], ['week', 604800], ['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];
  function ago(time) {
    var seconds = Math.round((time - Date.now()) / 1000);
    var format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    for (var i = 0; i < UNITS.length; i++) {
      if (Math.abs(seconds) >= UNITS[i][1] || UNITS[i][0] === 'second') return format.format(Math.round(seconds / UNITS[i][1]), UNITS[i][0]);
    }
    return '';
  }
  function titleOf(html) {
    var m = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
    if (!m) return null;
    var box = document.createElement('textarea');
    box.innerHTML = m[1];
    return box.value.trim();
  }

  function recentPages() {
    if (!('caches' in window)) return Promise.resolve([]);
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n.indexOf('dalil-pages-') === 0; }).map(function (name) {
        return caches.open(name).then(function (cache) {
          return cache.keys().then(function (requests) {
            return Promise.all(requests.map(function (request) {
              return cache.match(request).then(function (response) {
                if (!response) return null;
                var at = Date.parse(response.headers.get('Dalil-Cached-At') || response.headers.get('Date') || '');
                return response.text().then(function (html) {
                  var url = new URL(request.url);
                  return { href: url.pathname + url.search, title: titleOf(html) || url.pathname, at: at, ar: /\/ar\/?$/.test(url.pathname) };
                });
              });
            }));
          });
        });
      }));
    }).then(function (lists) {
      var all = [].concat.apply([], lists).filter(Boolean);
      all.sort(function (a, b) { return (b.at || 0) - (a.at || 0); });
      return all.slice(0, 20);
    });
  }

  function render() {
    var retry = document.getElementById('offline-retry');
    if (retry) retry.addEventListener('click', function () { location.reload(); });
    var list = document.getElementById('offline-recent-list');
    if (!list) return;
    recentPages().then(function (pages) {
      if (!pages.length) {
        var empty = document.createElement('li');
        empty.textContent = list.getAttribute('data-empty');
        list.appendChild(empty);
        return;
      }
      pages.forEach(function (page) {
        var item = document.createElement('li');
        var link = document.createElement('a');
        link.href = page.href;
        link.textContent = page.title;
        // a page of the other language keeps its own language and direction
        link.lang = page.ar ? 'ar' : 'en';
        link.dir = page.ar ? 'rtl' : 'ltr';
        item.appendChild(link);
        if (page.at) {
          var when = document.createElement('small');
          when.textContent = ago(page.at);
          item.appendChild(when);
        }
        list.appendChild(item);
      });
    }, function () {});
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', render);
  else render();
  // back online (the `online` event, or the site answering a small request within 3 s, checked every 10 s): the
  // page the visitor asked for
  function probe() {
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, 3000);
    fetch('/robots.txt', { method: 'HEAD', cache: 'no-store', signal: controller.signal }).then(function (res) {
      clearTimeout(timer);
      if (res.status < 500) location.reload();
    }, function () { clearTimeout(timer); });
  }
  window.addEventListener('online', probe);
  setInterval(probe, 10000);
})();
