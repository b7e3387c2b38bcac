import { describe, expect, it } from 'vitest';
import { hitExposures, tntaItems, tntaOf } from './hit-exposures';

const ACTIVITIES = [
  { id: 1001, experiences: ['Control', 'Plain words'] },
  { id: 7, experiences: ['Only'] },
];
const at = '2026-11-25T10:00:00.000Z';

describe('tnta on a stored hit', () => {
  it('is read from the query as received, decoded, the first one only', () => {
    expect(tntaOf('AQB=1&pe=lnk_o&tnta=1001%3A1%3A0%7C2%2C7%3A0%3A0%7C2&AQE=1')).toBe('1001:1:0|2,7:0:0|2');
    expect(tntaOf('tnta=1001:1:0|2&tnta=7:0:0|2')).toBe('1001:1:0|2');
    expect(tntaOf('AQB=1&%74nta=7%3A0%3A0%7C2')).toBe('7:0:0|2');
    expect(tntaOf('AQB=1&xtnta=7%3A0&AQE=1')).toBeNull();
    expect(tntaOf('tnta=%E0%A4%A')).toBeNull();
    expect(tntaOf('')).toBeNull();
  });

  it("names activities and experiences in Analytics for Target's format, each pair once", () => {
    // Adobe's documented client-side payload: display (2) and entry (1) of one experience, a click metric.
    expect(tntaItems('434689:0:0|2,434689:0:0|1')).toEqual([{ activity: 434689, experience: 0 }]);
    expect(tntaItems('434689:0:0|32767')).toEqual([{ activity: 434689, experience: 0 }]);
    expect(tntaItems('1001:1:0|2, 7:0:0:0|2,1001:0')).toEqual([
      { activity: 1001, experience: 1 },
      { activity: 7, experience: 0 },
      { activity: 1001, experience: 0 },
    ]);
    expect(tntaItems(':0:0|2,abc:1:0|2,1001:-1:0|2,1001:x,,1001')).toEqual([]);
  });
});

describe('exposures from a hit', () => {
  it('expose the visitor to experiences of the given activities only', () => {
    const query = 'tnta=' + encodeURIComponent('1001:1:0|2,7:0:0|2,999:0:0|2,7:3:0|2');
    expect(hitExposures(ACTIVITIES, { visitorId: 'mid-1', query, receivedAt: at })).toEqual([
      { activity: 1001, experience: 1, visitorId: 'mid-1', at },
      { activity: 7, experience: 0, visitorId: 'mid-1', at },
    ]);
  });

  it('need the visitor id (Statistics consent) and a tnta', () => {
    const query = 'tnta=1001%3A1%3A0%7C2';
    expect(hitExposures(ACTIVITIES, { visitorId: undefined, query, receivedAt: at })).toEqual([]);
    expect(hitExposures(ACTIVITIES, { visitorId: '', query, receivedAt: at })).toEqual([]);
    expect(hitExposures(ACTIVITIES, { visitorId: 'mid-1', query: 'AQB=1&AQE=1', receivedAt: at })).toEqual([]);
  });
});
