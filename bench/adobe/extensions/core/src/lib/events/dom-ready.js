// Core's DOM Ready event, minimal: each rule fires once the document is parsed.
const triggers = [];
let ready = document.readyState !== 'loading';

if (!ready) {
  document.addEventListener('DOMContentLoaded', (nativeEvent) => {
    ready = true;
    for (const trigger of triggers.splice(0)) trigger({ element: document, target: document, nativeEvent });
  });
}

module.exports = (settings, trigger) => {
  if (ready) trigger({ element: document, target: document });
  else triggers.push(trigger);
};
