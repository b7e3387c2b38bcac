// The booking code arrives in the address (captured by rule order 1) and is kept for the session.
return _satellite.getVar('Code Query') || _satellite.cookie.get('nhsuk_vaccination_code') || undefined;
