export { createTracker, type HitVariables, type Tracker, type TrackerDeps, type Hit } from './tracker';
export { encode, type Pair } from './encode';
export { timestamp } from './timestamp';
export { send, beaconUrl, MAX_GET, type Transport } from './transport';
export { getNewRepeat } from './new-repeat';
export { getPreviousValue } from './previous-value';
