// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trackerOf } from '../actions/shared/tracker';
import { ANALYTICS, logged, makeConfig, resetPage, startWithContext, stubBeacon, watchPageErrors } from '../core/test-helpers';

describe('_satellite.registerPostTrackCallback (issue 16 item 4)', () => {
  let beacon: ReturnType<typeof stubBeacon>;
  beforeEach(() => {
    resetPage();
    beacon = stubBeacon();
  });
  afterEach(() => resetPage());

  it('runs every callback with the URL of each hit once it is sent; one that throws is logged and the next ones still run', () => {
    const errors = watchPageErrors();
    const { satellite, ctx } = startWithContext(makeConfig({ analytics: ANALYTICS }));
    const heard: string[][] = [[], []];
    satellite.registerPostTrackCallback!((url) => heard[0]!.push(url));
    satellite.registerPostTrackCallback!(() => {
      throw new Error('site bug');
    });
    satellite.registerPostTrackCallback!((url) => heard[1]!.push(url));
    const tracker = trackerOf(ctx);
    tracker.set('pageName', 'Home');
    tracker.send({ type: 'page' });
    tracker.send({ type: 'link', linkType: 'o', name: 'Find a Pharmacy' });
    // Each hit's URL as it left: the same text the transport sent.
    expect(heard[0]).toEqual(beacon.urls());
    expect(heard[1]).toEqual(beacon.urls());
    expect(heard[0]).toHaveLength(2);
    expect(heard[0]![0]).toMatch(/^http:\/\/metrics\.health\.localhost\/b\/ss\/twtest\/1\/TW-0\.0\.0-test\/s\d+\?AQB=1&.*pageName=Home.*&AQE=1$/);
    expect(logged(satellite, 'error')).toEqual(['Error in post-track callback site bug', 'Error in post-track callback site bug']);
    expect(errors).toEqual([]);
  });

  it('refuses what is not a function, runs callbacks registered after the first hit, and runs them when the transport gives up', () => {
    const { satellite, ctx } = startWithContext(makeConfig({ analytics: ANALYTICS }));
    const heard: string[] = [];
    satellite.registerPostTrackCallback!('alert(1)' as unknown as () => void);
    satellite.registerPostTrackCallback!((url) => heard.push(url));
    expect(logged(satellite, 'warn')).toEqual(['registerPostTrackCallback: not a function']);
    // A callback registered after the tracker was made still runs.
    trackerOf(ctx).send({ type: 'page' });
    expect(heard).toHaveLength(1);
    window.Image = class {
      set src(_: string) {
        throw new Error('blocked');
      }
    } as unknown as typeof Image;
    beacon.beacon.mockImplementation(() => false);
    trackerOf(ctx).send({ type: 'page' });
    // The transport gave up without throwing; the hit counts as handed over, as AppMeasurement's does.
    expect(heard).toHaveLength(2);
  });
});
