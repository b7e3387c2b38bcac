// SPEC §2: a numeric location segment is reported as the word postcode; a postcode in the
// location becomes 'postcode na' (privacy guard, SPEC §5).
var parts = location.pathname.split('/');
if (parts[1] === 'service-search' && parts[2] && parts[3]) {
  var place = decodeURIComponent(parts[3]).toLowerCase();
  return /^\d+$/.test(place) ? 'postcode' : place;
}
return _satellite.getVar('Search Location');
