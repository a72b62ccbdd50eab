// Runs before first paint (a plain, synchronous script: the CSP allows only same-origin scripts).
// Mirrors src/app/theme.ts: the stored choice wins, else the system preference.
(function () {
  var theme;
  try {
    theme = window.localStorage.getItem('theme');
  } catch (e) {
    theme = null;
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-theme', theme);
})();
