// Adobe Analytics variables: AppMeasurement's long names and the query keys of the image
// request (CONTRACT §4). The compiler maps long names to keys; the collector maps them back.

const FIXED: Record<string, string> = {
  pageName: 'pageName',
  pageURL: 'g',
  referrer: 'r',
  channel: 'ch',
  server: 'server',
  pageType: 'pageType',
  campaign: 'v0',
  events: 'events',
  products: 'products',
  purchaseID: 'purchaseID',
  transactionID: 'xact',
  state: 'state',
  zip: 'zip',
  currencyCode: 'cc',
  linkName: 'pev2',
  linkURL: 'pev1',
  linkType: 'pe',
  marketingCloudVisitorID: 'mid',
};

const NUMBERED: Array<[prefix: string, key: string, max: number]> = [
  ['prop', 'c', 75],
  ['eVar', 'v', 250],
  ['hier', 'h', 5],
  ['list', 'l', 3],
];

/** Variables a property may set with the set-variables action. */
export const SETTABLE_FIXED = ['pageName', 'pageURL', 'referrer', 'channel', 'server', 'pageType', 'campaign', 'products', 'purchaseID', 'transactionID', 'state', 'zip'] as const;

/** The query key for a long variable name, or undefined when the name is not an analytics variable. */
export function queryKey(name: string): string | undefined {
  if (Object.hasOwn(FIXED, name)) return FIXED[name];
  for (const [prefix, key, max] of NUMBERED) {
    const m = new RegExp(`^${prefix}([1-9][0-9]{0,2})$`).exec(name);
    if (m && Number(m[1]) <= max) return key + m[1];
  }
  return undefined;
}

/** The long name for a query key, or undefined. */
export function longName(key: string): string | undefined {
  for (const [name, k] of Object.entries(FIXED)) if (k === key) return name;
  for (const [prefix, k, max] of NUMBERED) {
    const m = new RegExp(`^${k}([1-9][0-9]{0,2})$`).exec(key);
    if (m && Number(m[1]) <= max) return prefix + m[1];
  }
  return undefined;
}

/** True for a name the set-variables action accepts. */
export function isSettableVariable(name: string): boolean {
  return (SETTABLE_FIXED as readonly string[]).includes(name) || (/^(prop|eVar|hier|list)\d+$/.test(name) && queryKey(name) !== undefined);
}

/** Analytics event names: event1..event1000 and Adobe's standard commerce events. */
export const EVENT_NAME = /^(event([1-9]\d{0,2}|1000)|prodView|scOpen|scAdd|scRemove|scView|scCheckout|purchase)$/;
