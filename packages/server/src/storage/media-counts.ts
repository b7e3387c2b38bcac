/**
 * The media reports' aggregates (issue 16 item 3, docs/MEDIA.md), kept in `hit_counts` like the others:
 * per hour, host, report suites and content name (a.media.name), in the hits of the collector's media
 * hits (collector/media.ts checked them). One row's `hits` is a count, or for `media_time` a sum of seconds.
 *
 * | dimension | value | adds |
 * | --- | --- | --- |
 * | `media_start` | content name | 1 per sessionStart (a media start, a.media.view) |
 * | `media_complete` | content name | 1 per sessionComplete (a.media.complete) |
 * | `media_time` | content name | a.media.timePlayed, seconds, of each sessionComplete and sessionEnd |
 */
export const MEDIA_DIMENSIONS = ['media_start', 'media_complete', 'media_time'] as const;
export type MediaDimension = (typeof MEDIA_DIMENSIONS)[number];

/** What one hit adds to the media rows, through `count(dimension, content, amount)`. */
export function countMedia(contextData: Record<string, string> | undefined, count: (dimension: MediaDimension, content: string, amount: number) => void): void {
  const event = contextData?.['tw.media.event'];
  const content = contextData?.['a.media.name'];
  if (!event || content === undefined) return;
  if (event === 'sessionStart') count('media_start', content, 1);
  if (event === 'sessionComplete') count('media_complete', content, 1);
  const seconds = Number(contextData['a.media.timePlayed']);
  if ((event === 'sessionComplete' || event === 'sessionEnd') && Number.isSafeInteger(seconds) && seconds >= 0) count('media_time', content, seconds);
}
