// SPEC §4: the status cycles pending, changed, complete; this page saw the change.
_satellite.setVar('Consent Status', 'changed');
