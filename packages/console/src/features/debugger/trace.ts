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
  /** The query the hit left the page with (the stored hit's `query`): pairs the two exactly. */
  query?: string;
  /** The hit it was attached to; undefined while it waits for its hit. */
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
    case 'redaction': {
      const { type: _type, ...note } = message;
      return { ...next, redactions: prepend({ id, ...note }, state.redactions) };
    }
    case 'data-elements':
      return { ...next, dataElements: message.values };
    case 'sent':
      // Kept with its hit (reduceDebugger), not in the trace.
      return state;
  }
}

/** Redactions the guard made that no hit has carried yet. */
export const pendingRedactions = (state: TraceState): RedactionNote[] => state.redactions.filter((r) => r.hitId === undefined);

/**
 * Whether a waiting redaction belongs to this hit: the same query when the page said which (the
 * message and the stored hit may arrive in either order), else the next hit (older containers).
 */
const belongsTo = (note: RedactionNote, beacon: Beacon): boolean => note.hitId === undefined && (note.query === undefined || note.query === beacon.query);

/** What sent a hit, as the page's debug bridge said: the rule, its event and the data elements' values at that moment. */
export interface HitSender {
  rule: string;
  event: string;
  values: Record<string, string>;
  /** The query the hit left with: pairs it with the stored hit. */
  query: string;
}

export interface HitEntry {
  beacon: Beacon;
  /** What the privacy guard changed in this hit (the redactions that came before it). */
  redactions: RedactionNote[];
  /** Only on hosts with the debug bridge. */
  sender?: HitSender;
}
export interface DebuggerState {
  trace: TraceState;
  /** Newest first. */
  hits: HitEntry[];
  paused: boolean;
  /** Hits that arrived while paused, newest first; shown on resume. */
  held: HitEntry[];
  /** What sent hits the stream has not brought yet (the message and the stored hit arrive in either order). */
  senders: HitSender[];
}
export const EMPTY_DEBUGGER: DebuggerState = { trace: EMPTY_TRACE, hits: [], paused: false, held: [], senders: [] };

export type DebuggerAction =
  | { type: 'bridge'; message: BridgeMessage }
  | { type: 'hit'; beacon: Beacon }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'clear-hits' }
  | { type: 'clear-trace' };

export function reduceDebugger(state: DebuggerState, action: DebuggerAction): DebuggerState {
  switch (action.type) {
    case 'bridge': {
      const message = action.message;
      if (message.type === 'sent') {
        const { type: _type, ...sender } = message;
        const withSender = (entries: HitEntry[]) => entries.map((h) => (h.beacon.query === sender.query ? { ...h, sender } : h));
        const known = [...state.hits, ...state.held].some((h) => h.beacon.query === sender.query);
        return known ? { ...state, hits: withSender(state.hits), held: withSender(state.held) } : { ...state, senders: prepend(sender, state.senders) };
      }
      const trace = reduceTrace(state.trace, message);
      // The stored hit came first: attach the redaction to it now.
      const hit = message.type === 'redaction' && message.query !== undefined ? [...state.hits, ...state.held].find((h) => h.beacon.query === message.query) : undefined;
      if (!hit) return { ...state, trace };
      const [note] = trace.redactions;
      const attached = { ...note!, hitId: hit.beacon.id };
      const withNote = (entries: HitEntry[]) => entries.map((h) => (h === hit ? { ...h, redactions: [...h.redactions, attached] } : h));
      return { ...state, trace: { ...trace, redactions: [attached, ...trace.redactions.slice(1)] }, hits: withNote(state.hits), held: withNote(state.held) };
    }
    case 'hit': {
      const attached = state.trace.redactions.filter((r) => belongsTo(r, action.beacon)).map((r) => ({ ...r, hitId: action.beacon.id }));
      const trace = attached.length
        ? { ...state.trace, redactions: state.trace.redactions.map((r) => (belongsTo(r, action.beacon) ? { ...r, hitId: action.beacon.id } : r)) }
        : state.trace;
      const sender = state.senders.find((s) => s.query === action.beacon.query);
      const entry: HitEntry = { beacon: action.beacon, redactions: attached, ...(sender && { sender }) };
      const senders = sender ? state.senders.filter((s) => s !== sender) : state.senders;
      return state.paused ? { ...state, trace, senders, held: prepend(entry, state.held) } : { ...state, trace, senders, hits: prepend(entry, state.hits) };
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
