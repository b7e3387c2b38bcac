// SPEC §7: a data-layer value sets the customer IDs (for the identity service, never in a hit) and
// writes a cookie valid for one year on the root path; an invalid value is rejected and logged
// (SPEC §8), without the value.
var id = _satellite.getVar('Stitching ID Data Layer');
if (!/^[A-Za-z0-9-]{8,64}$/.test(String(id))) {
  _satellite.logger.warn('Rejected these customer ids', 'stitching: not 8 to 64 letters, digits and hyphens');
  return;
}
_satellite.setCustomerIDs({ stitching: { id: id, authState: 1 } });
_satellite.cookie.set('nhsuk_stitch_id', id, { expires: 365, path: '/' });
