// SPEC §1: page-name prefixes classify the site section.
var name = String(_satellite.getVar('Page Name') || '');
var prefix = name.split(':')[0];
return prefix === 'developer' || prefix === 'letter' || prefix === 'profile-manager' ? prefix : 'web';
