// Applies the stored or system theme and the language direction before first paint (no flash).
// Apply the stored or system theme before first paint (no flash of the wrong theme).
(function () {
  try {
    var q = new URLSearchParams(location.search).get('theme');
    var t = q === 'dark' || q === 'light' ? q : localStorage.getItem('theme');
    if (t !== 'dark' && t !== 'light') t = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    // only what differs (a server-rendered page has them already): a class or style written again restyles the page
    var root = document.documentElement;
    var other = t === 'dark' ? 'light' : 'dark';
    if (root.classList.contains(other)) root.classList.remove(other);
    if (!root.classList.contains(t)) root.classList.add(t);
    if (root.style.colorScheme !== t) root.style.colorScheme = t;
    // a server-rendered page (data-ssr) already has the language the server chose: its markup is in it
    if (document.documentElement.hasAttribute('data-ssr')) return;
    var p = location.pathname;
    var ar = /\/ar\/?$/.test(p) || new URLSearchParams(location.search).get('lang') === 'ar' ||
      (!/\/en\/?$/.test(p) && !new URLSearchParams(location.search).get('lang') && localStorage.getItem('lang') === 'ar');
    if (ar) { document.documentElement.lang = 'ar'; document.documentElement.dir = 'rtl'; }
  } catch (e) {}
})();
