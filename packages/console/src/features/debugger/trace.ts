import type { Beacon } from '../../lib/types';
import type { BridgeMessage, RedactionKind } from './bridge-messages';

/** Longest lists kept: a page left open for an afternoon must not fill the memory. */
export const KEEP = 300;

export interface RuleTrace {
  id: number;
  rule: string;
  event: string;
  fired: boolean;
  failed?: string;
  component?: string;
  /** The page (from the last `ready`) the rule ran on. */
  page?: string;
}
export interface LogLine {
  id: number;
  level: string;
  message: string;
  time?: string | number;
}
export interface RedactionNote {
  id: number;
  field: string;
  kind: RedactionKind;
  parameter?: string;
  /** The hit it was attached to; undefined while it waits for the next hit. */
  hitId?: string;
}
export interface BridgeInfo {
  property: string;
  environment: string;
  buildId: string;
  url: string;
}

/** What the page's debug bridge told us, newest first. */
export interface TraceState {
  bridge?: BridgeInfo;
  rules: RuleTrace[];
  logs: LogLine[];
  /** The last answer to a data-elements request; undefined until one arrives for this page. */
  dataElements?: Record<string, string>;
  redactions: RedactionNote[];
  nextId: number;
}

export const EMPTY_TRACE: TraceState = { rules: [], logs: [], redactions: [], nextId: 1 };

const prepend = <T>(item: T, list: T[]): T[] => [item, ...list].slice(0, KEEP);

export function reduceTrace(state: TraceState, message: BridgeMessage): TraceState {
  const id = state.nextId;
  const next = { ...state, nextId: id + 1 };
  switch (message.type) {
    case 'ready': {
      const { type: _type, ...bridge } = message;
      // A new page: the old page's values no longer describe anything.
      return { ...next, bridge, dataElements: undefined };
    }
    case 'log':
      return { ...next, logs: prepend({ id, level: message.level, message: message.message, time: message.time }, state.logs) };
    case 'rule': {
      const trace: RuleTrace = { id, rule: message.rule, event: message.event, fired: message.fired, page: state.bridge?.url };
      if (!message.fired) {
        trace.failed = message.failed;
        if (message.component !== undefined) trace.component = message.component;
      }
      return { ...next, rules: prepend(trace, state.rules) };
    }
    case 'redaction':
      return { ...next, redactions: prepend({ id, field: message.field, kind: message.kind, ...(message.parameter ? { parameter: message.parameter } : {}) }, state.redactions) };
    case 'data-elements':
      return { ...next, dataElements: message.values };
  }
}

/** Redactions the guard made that no hit has carried yet. */
export const pendingRedactions = (state: TraceState): RedactionNote[] => state.redactions.filter((r) => r.hitId === undefined);

export interface HitEntry {
  beacon: Beacon;
  /** What the privacy guard changed in this hit (the redactions that came before it). */
  redactions: RedactionNote[];
}
export interface DebuggerState {
  trace: TraceState;
  /** Newest first. */
  hits: HitEntry[];
  paused: boolean;
  /** Hits that arrived while paused, newest first; shown on resume. */
  held: HitEntry[];
}
export const EMPTY_DEBUGGER: DebuggerState = { trace: EMPTY_TRACE, hits: [], paused: false, held: [] };

export type DebuggerAction =
  | { type: 'bridge'; message: BridgeMessage }
  | { type: 'hit'; beacon: Beacon }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'clear-hits' }
  | { type: 'clear-trace' };

export function reduceDebugger(state: DebuggerState, action: DebuggerAction): DebuggerState {
  switch (action.type) {
    case 'bridge':
      return { ...state, trace: reduceTrace(state.trace, action.message) };
    case 'hit': {
      // The guard reports before the hit leaves the page, so the waiting redactions are this hit's.
      const pending = pendingRedactions(state.trace);
      const attached = pending.map((r) => ({ ...r, hitId: action.beacon.id }));
      const trace = pending.length
        ? { ...state.trace, redactions: state.trace.redactions.map((r) => (r.hitId === undefined ? { ...r, hitId: action.beacon.id } : r)) }
        : state.trace;
      const entry: HitEntry = { beacon: action.beacon, redactions: attached };
      return state.paused ? { ...state, trace, held: prepend(entry, state.held) } : { ...state, trace, hits: prepend(entry, state.hits) };
    }
    case 'pause':
      return { ...state, paused: true };
    case 'resume':
      return { ...state, paused: false, held: [], hits: [...state.held, ...state.hits].slice(0, KEEP) };
    case 'clear-hits':
      return { ...state, hits: [], held: [] };
    case 'clear-trace':
      return { ...state, trace: { ...EMPTY_TRACE, bridge: state.trace.bridge, nextId: state.trace.nextId } };
  }
}
