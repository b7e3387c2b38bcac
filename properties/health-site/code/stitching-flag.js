// SPEC §4: Y when the identifier comes from the cookie, N from the query string; absent when unavailable.
if (_satellite.getVar('Stitching ID Query')) return 'N';
if (_satellite.getVar('Stitching ID Cookie')) return 'Y';
return '';
