var choice = _satellite.getVar('Consent Choice');
return choice ? (choice.statistics ? 'on' : 'off') : '';
