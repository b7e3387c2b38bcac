// SPEC §2: the search section is blank on service-search pages and when the address has a
// location-name query.
if (/^\/service-search(\/|$)/i.test(location.pathname)) return '';
if (_satellite.getVar('Location Name Query') || _satellite.getVar('Location.Name Query')) return '';
return _satellite.getVar('Search Section Raw');
