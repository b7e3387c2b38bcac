// SPEC §4: identifier unavailable: the unavailable event is dispatched on the document.
try {
  document.dispatchEvent(new CustomEvent('stitching-id-unavailable', { bubbles: true }));
} catch (e) {
  _satellite.logger.error('Error dispatching stitching event', e);
}
