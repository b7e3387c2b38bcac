// The clicked card as name|type|rank: the data layer's cardDetails, which the page fills when a card
// is clicked (docs/HEALTH-SITE.md), else the card's data attributes.
var name = _satellite.getVar('Card Name');
if (name) return name + '|' + (_satellite.getVar('Card Type') || '') + '|' + (_satellite.getVar('Card Rank') || '');
var card = this && this.closest ? this.closest('[data-card-name]') : null;
return card ? card.getAttribute('data-card-name') + '|' + (card.getAttribute('data-card-type') || '') + '|' + (card.getAttribute('data-card-rank') || '') : undefined;
