// SPEC §2: service-search/{type}/{location}.
var parts = location.pathname.split('/');
return parts[1] === 'service-search' && parts[2] && parts[3] ? decodeURIComponent(parts[2]).toLowerCase() : undefined;
