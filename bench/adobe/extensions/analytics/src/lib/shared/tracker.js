// The Adobe Analytics tracker, minimal: the variables and events of the next hit, encoded as
// AppMeasurement does and sent as an image request.
const pending = { variables: [], events: [] };

const queryKey = (name) => {
  if (name === 'channel') return 'ch';
  const prop = /^prop(\d+)$/.exec(name);
  if (prop) return 'c' + prop[1];
  const eVar = /^eVar(\d+)$/.exec(name);
  if (eVar) return 'v' + eVar[1];
  return name;
};

const timestamp = () => {
  const d = new Date();
  return [d.getDate(), d.getMonth(), d.getFullYear()].join('/') + ' ' + [d.getHours(), d.getMinutes(), d.getSeconds()].join(':') + ' ' + d.getDay() + ' ' + d.getTimezoneOffset();
};

module.exports = {
  set(variables, events) {
    for (const variable of variables) pending.variables.push(variable);
    for (const event of events) if (pending.events.indexOf(event) < 0) pending.events.push(event);
  },
  send(extension, hit) {
    const query = [['AQB', '1'], ['ndh', '1'], ['t', timestamp()], ['ce', 'UTF-8']];
    for (const [name, value] of pending.variables) {
      if (value !== undefined && value !== null && value !== '' && (hit.type === 'page' || name !== 'pageName')) query.push([queryKey(name), String(value)]);
    }
    query.push(['g', location.href], ['r', document.referrer], ['cc', extension.currencyCode]);
    if (pending.events.length) query.push(['events', pending.events.join(',')]);
    if (hit.type === 'link') query.push(['pe', 'lnk_' + (hit.linkType || 'o')], ['pev2', hit.linkName]);
    query.push(['AQE', '1']);
    const url =
      location.protocol + '//' + extension.trackingServer + '/b/ss/' + extension.reportSuites.join(',') + '/1/BENCH-ADOBE/s' + Math.floor(Math.random() * 1e13) +
      '?' + query.map(([key, value]) => key + '=' + encodeURIComponent(value)).join('&');
    pending.variables = [];
    pending.events = [];
    new Image().src = url;
  },
};
