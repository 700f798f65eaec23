// Applies the signed-in user's last theme before the first paint (see features/themes/apply.ts).
// A plain script (no modules, no imports) so it can run in <head> before the app loads.
(function () {
  try {
    if (!/^\/(chat|create|edit|settings|membership|account)(\/|$)/.test(location.pathname)) return;
    var saved = JSON.parse(localStorage.getItem('reverie.theme.applied') || 'null');
    if (!saved || !saved.vars) return;
    var style = document.documentElement.style;
    for (var name in saved.vars) style.setProperty(name, saved.vars[name]);
    style.setProperty('color-scheme', saved.scheme);
  } catch {
    // No stored theme, or storage is blocked: the default theme shows until the app loads.
  }
})();
