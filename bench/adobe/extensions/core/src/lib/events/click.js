// Core's Click event, minimal: one delegated listener on the document for every click rule,
// each rule's selector tested against the clicked element and its ancestors.
const rules = [];

document.addEventListener('click', (nativeEvent) => {
  const target = nativeEvent.target;
  if (!target || typeof target.closest !== 'function') return;
  for (const rule of rules) {
    const element = target.closest(rule.selector);
    if (element) rule.trigger({ element, target, nativeEvent });
  }
});

module.exports = (settings, trigger) => {
  rules.push({ selector: settings.elementSelector, trigger });
};
