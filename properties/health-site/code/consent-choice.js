// The site's consent cookie: {"necessary":true,"statistics":bool,"marketing":bool,"consented":bool}.
// Returns the parsed choice, or null while the visitor has made none.
var raw = _satellite.cookie.get('nhsuk-cookie-consent');
if (!raw) return null;
try {
  var choice = JSON.parse(raw);
  return choice && choice.consented ? choice : null;
} catch {
  return null;
}
