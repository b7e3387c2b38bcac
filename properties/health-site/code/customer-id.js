// SPEC §7: a data-layer value sets the customer IDs and writes a cookie valid for one year
// on the root path; an invalid value is rejected and logged (SPEC §8).
var id = _satellite.getVar('Stitching ID Data Layer');
if (!/^[A-Za-z0-9-]{8,64}$/.test(String(id))) {
  _satellite.logger.warn('Rejected these customer ids', String(id).slice(0, 80));
  return;
}
_satellite.setVar('Customer ID', id);
_satellite.cookie.set('nhsuk_stitch_id', id, { expires: 365, path: '/' });
