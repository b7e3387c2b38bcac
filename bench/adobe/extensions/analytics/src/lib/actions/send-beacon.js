/* global turbine */
// Adobe Analytics' Send Beacon action: a page view (s.t) or a link hit (s.tl).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an extension module requires its siblings through Turbine
const tracker = require('../shared/tracker.js');

module.exports = (settings) => {
  tracker.send(turbine.getExtensionSettings(), settings);
};
