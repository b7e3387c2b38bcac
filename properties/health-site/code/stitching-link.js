// SPEC §7: an allow-listed link target is rewritten to carry the stitching identifier from the
// cookie; a failure dispatches the error event.
var allowed = /^(enquiries|staff-check|test-and-trace)\.health\.localhost$/;
var link = this;
try {
  var id = _satellite.cookie.get('nhsuk_stitch_id');
  var target = new URL(link.href);
  if (!id || !allowed.test(target.hostname)) return;
  target.searchParams.set('stitchid', id);
  link.href = target.href;
} catch (error) {
  try {
    document.dispatchEvent(new CustomEvent('stitching-error', { bubbles: true, detail: { message: String(error && error.message) } }));
  } catch (e) {
    _satellite.logger.error('Error dispatching stitching event', e);
  }
}
