// Core's JavaScript Variable data element: a dotted path read from window.
module.exports = (settings) => {
  let value = window;
  for (const key of settings.path.split('.')) {
    if (value === null || value === undefined) return undefined;
    value = value[key];
  }
  return value;
};
