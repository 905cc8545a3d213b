/* global document, matchMedia */
// Runs before the first paint so a dark-theme user never sees a white flash.
// A file, not an inline script, so a strict Content-Security-Policy (script-src 'self') allows it.
// Mirrors src/components/theme/theme-provider.tsx (key `ui-theme`, default `system`) and src/i18n.
(function () {
  try {
    const stored = localStorage.getItem('ui-theme');
    const theme = stored === 'light' || stored === 'dark' ? stored : 'system';
    const isDark =
      theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    if (isDark) document.documentElement.classList.add('dark');
    const lng = localStorage.getItem('i18nextLng');
    if (lng === 'en' || lng === 'es' || lng === 'pt-BR') document.documentElement.lang = lng;
  } catch {
    // Storage can be blocked (privacy mode); the React providers still apply theme and language.
  }
})();
