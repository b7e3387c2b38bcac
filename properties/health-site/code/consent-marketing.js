var choice = _satellite.getVar('Consent Choice');
return choice ? (choice.marketing ? 'on' : 'off') : '';
