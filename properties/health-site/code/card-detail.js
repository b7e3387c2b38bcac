// The clicked card's details, from its data attributes.
var card = this && this.closest ? this.closest('[data-card-name]') : null;
return card ? card.getAttribute('data-card-name') + '|' + (card.getAttribute('data-card-type') || '') + '|' + (card.getAttribute('data-card-rank') || '') : undefined;
