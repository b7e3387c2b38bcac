/** The console's addresses under /properties (absolute, so a link means the same from any page). */
const enc = encodeURIComponent;

export const paths = {
  list: () => '/properties',
  property: (name: string) => `/properties/${enc(name)}`,
  rules: (name: string) => `/properties/${enc(name)}/rules`,
  rule: (name: string, rule: string) => `/properties/${enc(name)}/rules/${enc(rule)}`,
  editRule: (name: string, rule: string) => `/properties/${enc(name)}/rules/${enc(rule)}/edit`,
  newRule: (name: string) => `/properties/${enc(name)}/rules/new`,
  dataElements: (name: string) => `/properties/${enc(name)}/data-elements`,
  dataElement: (name: string, element: string) => `/properties/${enc(name)}/data-elements/${enc(element)}`,
  editDataElement: (name: string, element: string) => `/properties/${enc(name)}/data-elements/${enc(element)}/edit`,
  newDataElement: (name: string) => `/properties/${enc(name)}/data-elements/new`,
  sdr: (name: string) => `/properties/${enc(name)}/sdr`,
  versions: (name: string, version?: number) => `/properties/${enc(name)}/versions${version === undefined ? '' : `?version=${version}`}`,
};
