import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorMessage } from '../../components/status';
import type { Beacon } from '../../lib/types';
import type { BridgeMessage } from './bridge-messages';
import { hitTitle } from './decode-hit';
import { FILTER_KEYS, readFilters, type HitFilters } from './filter-hits';
import { HitList } from './hit-list';
import { PagePicker } from './page-picker';
import { PreviewPanel } from './preview-panel';
import { useDemoPages, useProperty, useSdr } from './queries';
import { configuredHosts, debugUrl, environmentForHost, hitFromHost, hostname, propertyForHost, streamUrl } from './target';
import { DataElementsPanel, LogPanel, RedactionsPanel, RulesPanel } from './trace-panels';
import { EMPTY_DEBUGGER, reduceDebugger } from './trace';
import { useDebugBridge } from './use-debug-bridge';
import { useHitStream } from './use-hit-stream';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Issue 5 item 4: open a page, then see its hits decoded with their SDR meaning, the rules that
 * ran or why not, the data elements and the privacy guard's redactions, live.
 */
export function DebuggerPage() {
  const [state, dispatch] = useReducer(reduceDebugger, EMPTY_DEBUGGER);
  // The watched host and the hit filters live in the address (issue 19 item 9): a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const host = params.get('host') || undefined;
  const filters = useMemo(() => readFilters(params), [params]);
  // Changes build on the last one written, not on the address as last rendered: two quick edits
  // (fields typed one after the other) must not undo each other. A render may still show an address
  // this page wrote before its last edit (the router's navigations land later): that one is no news.
  // Any other address (a link, the history) is, and the next change builds on it.
  const written = useRef(params);
  const pending = useRef(new Set<string>());
  useEffect(() => {
    const address = params.toString();
    if (address === written.current.toString()) pending.current.clear();
    else if (!pending.current.has(address)) written.current = params;
  }, [params]);
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(written.current);
      change(next);
      written.current = next;
      pending.current.add(next.toString());
      setParams(next, { replace: true });
    },
    [setParams],
  );
  const setParam = useCallback(
    (key: string, value: string | undefined) => update((next) => (value ? next.set(key, value) : next.delete(key))),
    [update],
  );
  const setHost = useCallback((value: string | undefined) => setParam('host', value && hostname(value)), [setParam]);
  const clearFilters = () => update((next) => FILTER_KEYS.forEach((key) => next.delete(key)));
  const [opened, setOpened] = useState(false);
  const [pageUrl, setPageUrl] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [notice, setNotice] = useState<string | undefined>();

  const demoPages = useDemoPages();
  const pages = demoPages.data?.pages;
  const propertyName = propertyForHost(host ?? pages?.[0]?.host, pages);
  const property = useProperty(propertyName);
  const sdr = useSdr(propertyName);
  const document = property.data?.latest.document;
  const environment = host ? environmentForHost(document, host) : undefined;
  const pageEnvironment = environment?.environment ?? pages?.find((p) => hostname(p.host) === host)?.environment;

  // Wait for the property (it names the report suite) unless it cannot be had.
  const url = host && (document || property.isError) ? streamUrl(environment?.reportSuites[0], host) : undefined;
  const onHit = useCallback(
    (beacon: Beacon) => {
      if (!host || !hitFromHost(beacon, host)) return;
      dispatch({ type: 'hit', beacon });
      setAnnouncement(`New hit: ${hitTitle(beacon)}`);
    },
    [host],
  );
  const status = useHitStream(url, onHit);

  const onMessage = useCallback((message: BridgeMessage) => dispatch({ type: 'bridge', message }), []);
  const bridge = useDebugBridge(onMessage);

  const allowedHosts = useMemo(() => [...configuredHosts(document), ...(pages ?? []).map((p) => p.host)], [document, pages]);
  const hosts = useMemo(() => [...new Set([...allowedHosts, ...(host ? [host] : [])].map(hostname))].sort(), [allowedHosts, host]);

  function open(pageUrl: string, pageHost: string): string | undefined {
    setHost(pageHost);
    // A production container has no debug bridge to call: its page opens as a visitor would open it.
    const production = (environmentForHost(document, pageHost)?.environment ?? pages?.find((p) => hostname(p.host) === hostname(pageHost))?.environment) === 'production';
    if (!bridge.open(production ? pageUrl : debugUrl(pageUrl, window.location.origin))) return 'The browser blocked the pop-up window. Allow pop-ups for the console, then open the page again.';
    setPageUrl(pageUrl);
    setOpened(true);
    setNotice(undefined);
    return undefined;
  }

  function refresh() {
    setNotice(bridge.requestDataElements() ? undefined : 'No page is open: open a page first.');
  }

  const ready = state.trace.bridge;
  return (
    <div className="debugger">
      <h1>Debugger</h1>
      <p className="notice">
        Rule traces, data elements, redactions and log lines come only from development and staging containers: production containers carry no
        debug bridge. Hits come from every host.
      </p>
      <section aria-labelledby="debugger-page">
        <h2 id="debugger-page">Page</h2>
        <PagePicker
          pages={pages}
          pagesLoading={demoPages.isPending}
          pagesError={demoPages.error}
          allowedHosts={allowedHosts}
          onChoose={setHost}
          onOpen={open}
        />
        {host && pageEnvironment === 'production' && (
          <p className="notice">{host} runs the production container: you will see its hits, but no rule traces.</p>
        )}
        <p role="status" className="debugger-bridge">
          {ready
            ? `Debug bridge connected: ${ready.property}, ${ready.environment} container, build ${ready.buildId}, ${ready.url}`
            : opened && pageEnvironment !== 'production'
              ? 'Waiting for the page’s debug bridge…'
              : ''}
        </p>
      </section>
      <PreviewPanel
        property={propertyName}
        document={document}
        pages={pages}
        chosenUrl={pageUrl}
        open={(url) => {
          if (!bridge.openFresh(url)) return false;
          setHost(new URL(url).hostname);
          setOpened(true);
          return true;
        }}
      />
      {sdr.isError && <ErrorMessage error={new Error(`The SDR of ${propertyName} could not be loaded, so hits show no meanings: ${errorText(sdr.error)}`)} />}
      {property.isError && (
        <ErrorMessage error={new Error(`The property ${propertyName} could not be loaded, so failed rules show no condition details: ${errorText(property.error)}`)} />
      )}
      <p className="debugger-sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="debugger-columns">
        <HitList
          hits={state.hits}
          held={state.held.length}
          paused={state.paused}
          status={status}
          host={host}
          sdr={sdr.data}
          dispatch={dispatch}
          property={propertyName}
          filters={filters}
          onFilter={(key: keyof HitFilters, value: string) => setParam(key, value)}
          onClearFilters={clearFilters}
          hosts={hosts}
          onHost={setHost}
        />
        <div className="debugger-trace">
          <RulesPanel
            rules={state.trace.rules}
            document={document}
            canClear={state.trace.rules.length > 0 || state.trace.logs.length > 0}
            onClear={() => dispatch({ type: 'clear-trace' })}
          />
          <DataElementsPanel values={state.trace.dataElements} canAsk={opened} onRefresh={refresh} notice={notice} />
          <RedactionsPanel redactions={state.trace.redactions} />
          <LogPanel logs={state.trace.logs} />
        </div>
      </div>
    </div>
  );
}
