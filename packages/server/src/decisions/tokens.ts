// Event tokens: what a display or click notification names. Target's are opaque; ours are
// base64url of `tw1|<activity id>|<experience id>|display` or `...|click|<n>`, the same on every
// server process and in the artifact, so a notification is read without any stored state. An
// experience forced by a preview link gets the same with `|p` at the end: it is never counted
// (docs/PERSONALISATION.md "Previewing an experience"), whichever request brings it back.

export interface EventToken {
  activityId: number;
  experienceId: number;
  type: 'display' | 'click';
  /** For a click: which of the experience's click metrics. */
  metric?: number;
  /** Of an experience forced by a preview link: never an exposure or a conversion. */
  preview?: boolean;
}

export function eventToken(token: EventToken): string {
  const parts = ['tw1', token.activityId, token.experienceId, token.type, ...(token.type === 'click' ? [token.metric ?? 0] : []), ...(token.preview ? ['p'] : [])];
  return Buffer.from(parts.join('|')).toString('base64url');
}

/** The token's parts, or undefined for a token this service did not issue. */
export function readEventToken(token: string): EventToken | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return undefined;
  const match = /^tw1\|(\d{1,10})\|(\d{1,4})\|(display|click)(?:\|(\d{1,4}))?(\|p)?$/.exec(Buffer.from(token, 'base64url').toString('latin1'));
  if (!match) return undefined;
  const type = match[3] as EventToken['type'];
  if ((type === 'click') !== (match[4] !== undefined)) return undefined;
  return { activityId: Number(match[1]), experienceId: Number(match[2]), type, ...(type === 'click' && { metric: Number(match[4]) }), ...(match[5] && { preview: true }) };
}
