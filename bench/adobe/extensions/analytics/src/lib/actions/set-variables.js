// Adobe Analytics' Set Variables action: the tracker properties of the next hit.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an extension module requires its siblings through Turbine
const tracker = require('../shared/tracker.js');

module.exports = (settings) => {
  const properties = settings.trackerProperties || {};
  const variables = [];
  if (properties.pageName !== undefined) variables.push(['pageName', properties.pageName]);
  if (properties.channel !== undefined) variables.push(['channel', properties.channel]);
  for (const { name, value } of properties.props || []) variables.push([name, value]);
  for (const { name, value } of properties.eVars || []) variables.push([name, value]);
  tracker.set(variables, (properties.events || []).map((event) => event.name));
};
