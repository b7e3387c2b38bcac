/** A stored hit as the beacon API returns it (CONTRACT §2). */
export interface Beacon {
  id: string;
  receivedAt: string;
  reportSuites: string[];
  hitType: 'page' | 'link';
  linkType: 'o' | 'd' | 'e' | null;
  linkName: string | null;
  /** AppMeasurement's long names: pageName, channel, propN, eVarN, events (an array), currencyCode... */
  variables: Record<string, unknown>;
  contextData: Record<string, string>;
  query: string;
}
