// SPEC §4: pending until the visitor chooses; the change itself sets 'changed' for the page
// (rule "Consent: choice changed"); every later page reads 'complete'.
return _satellite.getVar('Consent Choice') ? 'complete' : 'pending';
