// Applies the signed-in user's last theme before the first paint (see features/themes/apply.ts).
// A plain script (no modules, no imports) so it can run in <head> before the app loads.
(function () {
  try {
    if (!/^\/(chat|create|edit|settings|membership|account|admin)(\/|$)/.test(location.pathname))
      return;
    var saved = JSON.parse(localStorage.getItem('reverie.theme.applied') || 'null');
    if (!saved || !saved.vars) return;
    // A user who chose no theme has the operator's default (the brand's defaultThemeId): one
    // remembered under another default is skipped, and the app applies the new one.
    if (saved.defaultOf && saved.defaultOf !== brandDefaultThemeId()) return;
    var style = document.documentElement.style;
    for (var name in saved.vars) style.setProperty(name, saved.vars[name]);
    style.setProperty('color-scheme', saved.scheme);
  } catch {
    // No stored theme, or storage is blocked: the default theme shows until the app loads.
  }

  function brandDefaultThemeId() {
    try {
      var brand = document.getElementById('reverie-brand');
      var id = brand && (JSON.parse(brand.textContent || 'null') || {}).defaultThemeId;
      return typeof id === 'string' && id ? id : 'ultra-dark';
    } catch {
      return 'ultra-dark'; // a broken element: the built-in default (DEFAULT_BRAND)
    }
  }
})();
