import { MEDIA_EVENTS, type MediaEvent } from '@tagwell/schema';
import type { ParsedHit } from './model';
import { quote } from './rejection';

// A media hit's schema (issue 16 item 3, docs/MEDIA.md): the SDR lets its context-data keys in; this checks
// what they hold, per event, so the media reports count only what a container could have sent. SPEC §8: a
// hit that does not match is refused with 'The event does not match the expected schema.' and the reason.

/** The namespaces of media context data: Adobe's and Tagwell's. */
const MEDIA_KEY = /^(a\.media|tw\.media|media)\./;
/** Seconds a length or a session's play time may reach: a year. */
const MAX_SECONDS = 31_536_000;

type Data = Record<string, string>;

const isWhole = (value: string | undefined) => value !== undefined && /^\d{1,8}$/.test(value) && Number(value) <= MAX_SECONDS;
const isText = (value: string | undefined) => value !== undefined && value.trim() !== '' && value.length <= 255;

/** The keys each event carries besides tw.media.event, tw.media.playhead and a.media.name, and what each holds. */
const FIELDS: Record<MediaEvent, Record<string, 'whole' | 'text' | 'true' | 'optional text' | 'optional true'>> = {
  sessionStart: { 'a.media.view': 'true', 'a.media.length': 'whole', 'a.media.playerName': 'text', 'a.media.channel': 'text', 'media.sdkVersion': 'optional text' },
  play: { 'a.media.play': 'optional true' },
  ping: {},
  pauseStart: {},
  bufferStart: {},
  seekStart: {},
  seekComplete: {},
  chapterStart: { 'a.media.chapter.name': 'text', 'a.media.chapter.view': 'true' },
  chapterComplete: { 'a.media.chapter.name': 'text', 'a.media.chapter.complete': 'true' },
  sessionComplete: { 'a.media.complete': 'true', 'a.media.length': 'whole', 'a.media.timePlayed': 'whole' },
  sessionEnd: { 'a.media.length': 'whole', 'a.media.timePlayed': 'whole' },
};

function fieldProblem(key: string, kind: string, value: string | undefined): string | undefined {
  if (value === undefined) return kind.startsWith('optional') ? undefined : `needs ${key}`;
  if (kind.endsWith('true')) return value === 'true' ? undefined : `${key} ${quote(value)} is not true`;
  if (kind.endsWith('text')) return isText(value) ? undefined : `${key} ${quote(value)} is not text of 1 to 255 characters`;
  return isWhole(value) ? undefined : `${key} ${quote(value)} is not a whole number of seconds from 0 to ${MAX_SECONDS}`;
}

/** What is wrong with a hit's media context data (`media <event>: <reason>`), or nothing for a hit without any. */
export function mediaProblems(hit: Pick<ParsedHit, 'contextData' | 'linkType'>): string[] {
  const data: Data = hit.contextData;
  const keys = Object.keys(data).filter((key) => MEDIA_KEY.test(key));
  if (keys.length === 0) return [];
  const event = data['tw.media.event'];
  if (event === undefined || !(MEDIA_EVENTS as readonly string[]).includes(event))
    return [event === undefined ? 'media: needs tw.media.event' : `media: unknown event ${quote(event)}; expected ${MEDIA_EVENTS.join(', ')}`];
  const fields = FIELDS[event as MediaEvent];
  const problems: string[] = [];
  if (!hit.linkType) problems.push('a link hit (pe=lnk_o)');
  for (const [key, kind] of Object.entries({ 'a.media.name': 'text', 'tw.media.playhead': 'whole', ...fields })) {
    const problem = fieldProblem(key, kind, data[key]);
    if (problem) problems.push(problem);
  }
  // A field of another event (a.media.timePlayed on a ping) would count in a report it does not belong to.
  for (const key of keys) if (!['tw.media.event', 'tw.media.playhead', 'a.media.name'].includes(key) && !(key in fields)) problems.push(`${key} is not sent with ${event}`);
  return problems.map((problem) => `media ${event}: ${problem.startsWith('a link hit') ? `must be ${problem}` : problem}`);
}
