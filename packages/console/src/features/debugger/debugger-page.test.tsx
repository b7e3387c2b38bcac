import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderPage, router } from '../../test/render';
import { DebuggerPage } from './debugger-page';
import { FakeEventSource } from './fake-event-source';
import { demoPages, feedbackHit, pageView, propertyDetail, sdr } from './test-fixtures';

const viewer = { id: 1, username: 'vera', role: 'viewer' as const, admin: false };
/** The first answers can take a while on a busy machine. */
const SLOW = { timeout: 5000 };
const DEV_ASTHMA = 'http://dev.health.localhost:8080/conditions/asthma/';

let popup: Window;
let frame: HTMLIFrameElement;

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  // A real Window, so the MessageEvents below can name it as their source.
  frame = document.createElement('iframe');
  document.body.append(frame);
  popup = frame.contentWindow!;
  vi.spyOn(window, 'open').mockReturnValue(popup);
});
afterEach(() => {
  frame.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serve() {
  return mockServer(
    {
      'GET /api/admin/demo-pages': () => ({ pages: demoPages }),
      'GET /api/admin/properties/:name': () => propertyDetail,
      'GET /api/admin/properties/:name/sdr': () => sdr,
    },
    viewer,
  );
}

/** The page posting to the console, as the runtime's debug bridge does. */
function fromPage(data: Record<string, unknown>, source: Window = popup) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: { source: 'tagwell', ...data }, source, origin: 'http://dev.health.localhost:8080' }));
  });
}

async function openDevPage() {
  renderPage(<DebuggerPage />, { path: '/debugger' });
  await userEvent.selectOptions(await screen.findByLabelText('Demo page', {}, SLOW), DEV_ASTHMA);
  expect(screen.getByLabelText('Page address')).toHaveValue(DEV_ASTHMA);
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1), SLOW);
  await userEvent.click(screen.getByRole('button', { name: 'Open page' }));
}

const section = (name: string) => screen.getByRole('region', { name });
/** The hits as listed, each by its one line. */
const hitLines = () => within(section('Hits')).queryAllByRole('article').map((h) => within(h).getByRole('heading').textContent!.replace(/^▸/, ''));
/** Expands every listed hit. */
async function expandAll() {
  for (const button of within(section('Hits')).getAllByRole('button', { expanded: false })) await userEvent.click(button);
}

describe('DebuggerPage', () => {
  it('lists the demo pages by host and opens the chosen one in the debug popup with tw_debug', async () => {
    const server = serve();
    await openDevPage();
    const picker = screen.getByLabelText('Demo page');
    expect(within(picker).getByRole('group', { name: 'dev.health.localhost (development)' })).toHaveTextContent('Asthma (/conditions/asthma/)Search (/search/?q=flu)');
    expect(within(picker).getByRole('group', { name: 'www.health.localhost (production)' })).toBeInTheDocument();
    expect(window.open).toHaveBeenCalledWith(`${DEV_ASTHMA}?tw_debug=${encodeURIComponent(window.location.origin)}`, 'tagwell-debug');
    expect(FakeEventSource.latest().url).toBe('/api/stream?reportSuite=nhsukdev&pageHost=dev.health.localhost');
    expect(server.calls.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/api/admin/demo-pages', '/api/admin/properties/health-site', '/api/admin/properties/health-site/sdr']),
    );
    expect(screen.getByText('Waiting for the page’s debug bridge…')).toBeInTheDocument();
  });

  it('refuses an address off the demo and configured hosts, and opens one that is on them', async () => {
    serve();
    renderPage(<DebuggerPage />, { path: '/debugger' });
    const address = await screen.findByLabelText('Page address', {}, SLOW);
    await screen.findByLabelText('Demo page', {}, SLOW);
    await userEvent.type(address, 'https://evil.example.com/');
    await userEvent.click(screen.getByRole('button', { name: 'Open page' }));
    expect(address).toHaveAccessibleDescription(expect.stringContaining('evil.example.com is not a demo host (*.localhost) or a host the property configures'));
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(window.open).not.toHaveBeenCalled();

    await userEvent.clear(address);
    await userEvent.type(address, 'https://nhs.example.org/conditions/#top');
    await userEvent.click(screen.getByRole('button', { name: 'Open page' }));
    // A production host: its container has no debug bridge, so the page opens as a visitor opens it.
    expect(window.open).toHaveBeenCalledWith('https://nhs.example.org/conditions/#top', 'tagwell-debug');
    expect(address).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(FakeEventSource.latest().url).toBe('/api/stream?reportSuite=nhsukprod&pageHost=nhs.example.org'), SLOW);
  });

  it('marks only pages whose container has a debug bridge: a production page opens as a visitor opens it', async () => {
    serve();
    renderPage(<DebuggerPage />, { path: '/debugger' });
    await userEvent.selectOptions(await screen.findByLabelText('Demo page', {}, SLOW), 'http://www.health.localhost:8080/conditions/asthma/');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1), SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Open page' }));
    expect(window.open).toHaveBeenCalledWith('http://www.health.localhost:8080/conditions/asthma/', 'tagwell-debug');
    expect(screen.getByText('www.health.localhost runs the production container: you will see its hits, but no rule traces.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Demo page'), DEV_ASTHMA);
    await userEvent.click(screen.getByRole('button', { name: 'Open page' }));
    expect(window.open).toHaveBeenLastCalledWith(`${DEV_ASTHMA}?tw_debug=${encodeURIComponent(window.location.origin)}`, 'tagwell-debug');
  });

  it('shows each hit of the page newest first, decoded with the SDR, and announces it', async () => {
    serve();
    await openDevPage();
    const stream = FakeEventSource.latest();
    stream.open();
    expect(within(section('Hits')).getByText('Listening for hits from dev.health.localhost')).toBeInTheDocument();
    stream.hit(pageView());
    stream.hit(pageView({ id: '900', variables: { pageName: 'other:host', pageURL: 'http://staging.health.localhost:8080/' } }));
    stream.hit(feedbackHit());

    // One line each: type, page name, events, time; collapsed until asked.
    const time = (iso: string) => new Date(iso).toLocaleTimeString('en-GB');
    expect(hitLines()).toEqual([
      `Link (custom link): Feedback: Yesnhs:conditions:asthmaevent25${time(feedbackHit().receivedAt)}`,
      `Page viewnhs:conditions:asthmaevent1${time(pageView().receivedAt)}`,
    ]);
    expect(within(section('Hits')).queryAllByRole('table')).toEqual([]);
    await expandAll();
    const hits = within(section('Hits')).getAllByRole('article');
    const row = (hit: HTMLElement, name: string) => within(hit).getByRole('rowheader', { name }).closest('tr')!;
    expect([...row(hits[1]!, 'eVar10').cells].map((c) => c.textContent)).toEqual(['eVar10', 'v10', 'asthma', 'search keyword (a postcode becomes postcode na)']);
    expect([...row(hits[0]!, 'event25').cells].map((c) => c.textContent)).toEqual(['event25', 'events', 'set', 'feedback']);
    expect([...row(hits[0]!, 'eVar99').cells].map((c) => c.textContent)).toEqual(['eVar99', 'v99', 'stray', 'not in the SDR']);
    expect(screen.getByText('New hit: Link (custom link): Feedback: Yes')).toBeInTheDocument();
  });

  it('pauses, resumes and clears the hits', async () => {
    serve();
    await openDevPage();
    const stream = FakeEventSource.latest();
    stream.hit(pageView({ id: '1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pause hits' }));
    stream.hit(feedbackHit({ id: '2' }));
    expect(within(section('Hits')).getAllByRole('article')).toHaveLength(1);
    expect(within(section('Hits')).getByText(/Paused: 1 new hit waiting\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resume hits' }));
    expect(within(section('Hits')).getAllByRole('article')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Clear hits' }));
    expect(within(section('Hits')).queryAllByRole('article')).toHaveLength(0);
  });

  it('says "Reconnecting…" when the stream drops, and opens a new one when the browser gave up', async () => {
    serve();
    await openDevPage();
    const first = FakeEventSource.latest();
    first.open();
    vi.useFakeTimers();
    first.fail(0);
    expect(within(section('Hits')).getByText('Reconnecting…')).toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(1);
    first.fail(2);
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeEventSource.instances).toHaveLength(2);
    const second = FakeEventSource.latest();
    expect(second.url).toBe('/api/stream?reportSuite=nhsukdev&pageHost=dev.health.localhost');
    second.open();
    expect(within(section('Hits')).getByText('Listening for hits from dev.health.localhost')).toBeInTheDocument();
    second.hit(pageView());
    expect(within(section('Hits')).getAllByRole('article')).toHaveLength(1);
  });

  it('shows the rules that fired and why the others did not, from the opened window only', async () => {
    serve();
    await openDevPage();
    const post = vi.spyOn(popup, 'postMessage');
    fromPage({ type: 'ready', property: 'health-site', environment: 'development', buildId: 'b42', url: DEV_ASTHMA });
    expect(screen.getByText(`Debug bridge connected: health-site, development container, build b42, ${DEV_ASTHMA}`)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith({ source: 'tagwell-console', type: 'data-elements' }, 'http://dev.health.localhost:8080');

    fromPage({ type: 'rule', rule: 'Global page view', event: 'library-loaded', fired: true });
    fromPage({ type: 'rule', rule: 'Global page view', event: 'dom-ready', fired: false, failed: 'conditions[1]', component: 'path' });
    fromPage({ type: 'rule', rule: 'Sneaky', event: 'click', fired: true }, window);
    window.dispatchEvent(new MessageEvent('message', { data: { source: 'other', type: 'rule', rule: 'Other', fired: true }, source: popup }));

    const [notRun, fired, ...more] = within(section('Rules')).getAllByRole('listitem');
    expect(more).toEqual([]);
    expect(fired).toHaveTextContent(/^Global page view fired on library-loaded$/);
    expect(notRun).toHaveTextContent(/^Global page view not run on dom-ready/);
    expect(within(notRun!).getByText('conditions[1] (path matches, negated) was false')).toBeInTheDocument();
    expect(within(notRun!).getByText('pattern /^/test-and-trace//')).toBeInTheDocument();
  });

  it('shows the data elements and asks again on "Refresh values"', async () => {
    serve();
    await openDevPage();
    const post = vi.spyOn(popup, 'postMessage');
    fromPage({ type: 'data-elements', values: { 'Search Keyword': '', 'Page Name': 'nhs:conditions:asthma' } });
    const rows = within(section('Data elements')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['Data elementValue', 'Page Namenhs:conditions:asthma', 'Search Keyword(empty)']);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh values' }));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith({ source: 'tagwell-console', type: 'data-elements' }, 'http://dev.health.localhost:8080');
  });

  it("highlights the fields of the next hit that the privacy guard changed, and shows the page's log", async () => {
    serve();
    await openDevPage();
    fromPage({ type: 'redaction', field: 'v10', kind: 'email' });
    fromPage({ type: 'redaction', field: 'g', kind: 'query-parameter', parameter: 'useremail' });
    fromPage({ type: 'log', level: 'warn', message: 'Survey not loaded', time: '09:30:01' });
    expect(within(section('Redactions')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'privacy guard removed the query parameter useremail from g (waiting for the hit)',
      'privacy guard removed an e-mail address from v10 (waiting for the hit)',
    ]);
    FakeEventSource.latest().hit(pageView({ variables: { ...pageView().variables, eVar10: '' } }));
    FakeEventSource.latest().hit(feedbackHit());

    const [feedback, page] = within(section('Hits')).getAllByRole('article');
    // Collapsed, the changed hit says so; the other does not.
    expect(within(page!).getByRole('button')).toHaveTextContent(/changed by the privacy guard$/);
    expect(within(feedback!).getByRole('button')).not.toHaveTextContent(/privacy guard/);
    await expandAll();
    const searchRow = within(page!).getByRole('rowheader', { name: 'eVar10' }).closest('tr')!;
    expect(searchRow).toHaveClass('debugger-redacted');
    expect(within(searchRow).getByText('privacy guard removed an e-mail address')).toBeInTheDocument();
    expect(searchRow.querySelector('mark')).not.toBeNull();
    const urlRow = within(page!).getByRole('rowheader', { name: 'pageURL' }).closest('tr')!;
    expect(within(urlRow).getByText('privacy guard removed the query parameter useremail')).toBeInTheDocument();
    expect(within(feedback!).queryByText(/privacy guard/)).toBeNull();
    expect(within(section('Redactions')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'privacy guard removed the query parameter useremail from g (hit 101)',
      'privacy guard removed an e-mail address from v10 (hit 101)',
    ]);
    expect(within(section('Log')).getByRole('listitem')).toHaveTextContent('09:30:01 warn Survey not loaded');
  });

  it('says that production pages send hits but no traces', async () => {
    serve();
    renderPage(<DebuggerPage />, { path: '/debugger' });
    fireEvent.change(await screen.findByLabelText('Demo page', {}, SLOW), { target: { value: 'http://www.health.localhost:8080/conditions/asthma/' } });
    expect(await screen.findByText('www.health.localhost runs the production container: you will see its hits, but no rule traces.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/production containers carry no debug bridge\. Hits come from every host\./)).toBeInTheDocument();
  });

  it('shows the server message when the demo pages cannot be listed, and keeps the address field', async () => {
    mockServer(
      {
        'GET /api/admin/demo-pages': () => new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'No demo here' } }), { status: 403 }),
        'GET /api/admin/properties/:name': () => propertyDetail,
        'GET /api/admin/properties/:name/sdr': () => sdr,
      },
      viewer,
    );
    renderPage(<DebuggerPage />, { path: '/debugger' });
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('No demo here');
    expect(screen.getByLabelText('Page address')).toBeInTheDocument();
  });
});

describe('the hit list at a real page scale (issue 19 item 9)', () => {
  const click = (id: string, extra: Partial<ReturnType<typeof feedbackHit>['variables']> = {}) =>
    feedbackHit({ id, variables: { ...feedbackHit().variables, ...extra }, query: `AQB=1&id=${id}&AQE=1` });

  it('expands a hit to its decoded variables and collapses it again', async () => {
    serve();
    await openDevPage();
    FakeEventSource.latest().hit(pageView());
    const toggle = within(section('Hits')).getByRole('button', { name: /^Page view/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(section('Hits')).queryByRole('rowheader', { name: 'eVar10' })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeVisible();
    expect(within(section('Hits')).getByRole('rowheader', { name: 'eVar10' })).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(section('Hits')).queryByRole('rowheader', { name: 'eVar10' })).toBeNull();
  });

  it('filters by hit type, variable and value, and event, and keeps the filters in the address', async () => {
    serve();
    await openDevPage();
    const stream = FakeEventSource.latest();
    stream.hit(pageView({ id: '1' }));
    stream.hit(click('2', { eVar35: 'no', events: ['event26'] }));
    stream.hit(click('3', { eVar35: 'yes' }));
    expect(hitLines()).toHaveLength(3);
    const form = within(screen.getByRole('form', { name: 'Filter hits' }));

    await userEvent.selectOptions(form.getByLabelText('Hit type'), 'link');
    expect(hitLines().map((l) => l!.slice(0, 4))).toEqual(['Link', 'Link']);
    expect(form.getByRole('status')).toHaveTextContent('2 of 3 hits match the filters.');

    // By long name or query key; the value contains, ignoring case.
    await userEvent.type(form.getByLabelText('Variable'), 'v35');
    await userEvent.type(form.getByLabelText('Value contains'), 'NO');
    expect(hitLines()).toHaveLength(1);
    expect(hitLines()[0]).toContain('event26');
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('host=dev.health.localhost&type=link&variable=v35&value=NO');

    await userEvent.click(form.getByRole('button', { name: 'Clear filters' }));
    expect(hitLines()).toHaveLength(3);
    await userEvent.type(form.getByLabelText('Event'), 'event25');
    expect(hitLines()).toHaveLength(1);
    expect(hitLines()[0]).toMatch(/^Link \(custom link\): Feedback: Yes.*event25/);
    await userEvent.clear(form.getByLabelText('Event'));
    await userEvent.type(form.getByLabelText('Event'), 'event99');
    expect(within(section('Hits')).getByText('No hit matches the filters.')).toBeInTheDocument();
  });

  it('reads its filters and host from the address: a reload or a shared link shows the same hits', async () => {
    serve();
    renderPage(<DebuggerPage />, { path: '/debugger?host=dev.health.localhost&type=page&event=event1' });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1), SLOW);
    expect(FakeEventSource.latest().url).toBe('/api/stream?reportSuite=nhsukdev&pageHost=dev.health.localhost');
    const form = within(screen.getByRole('form', { name: 'Filter hits' }));
    expect(form.getByLabelText('Host')).toHaveValue('dev.health.localhost');
    expect(form.getByLabelText('Hit type')).toHaveValue('page');
    expect(form.getByLabelText('Event')).toHaveValue('event1');
    FakeEventSource.latest().hit(pageView({ id: '1' }));
    FakeEventSource.latest().hit(feedbackHit({ id: '2' }));
    expect(hitLines()).toHaveLength(1);

    // Another host: the stream follows it.
    await userEvent.selectOptions(form.getByLabelText('Host'), 'staging.health.localhost');
    await waitFor(() => expect(FakeEventSource.latest().url).toBe('/api/stream?reportSuite=nhsukstaging&pageHost=staging.health.localhost'), SLOW);
    expect(new URLSearchParams(router.state.location.search).get('host')).toBe('staging.health.localhost');
  });

  it('links a hit to the rule that sent it and shows the data elements as they were, whichever arrives first', async () => {
    serve();
    await openDevPage();
    const first = click('2');
    fromPage({ type: 'sent', rule: 'Feedback: Yes', event: 'click', query: first.query, values: { 'Page Name': 'nhs:conditions:asthma', 'Search Keyword': '' } });
    FakeEventSource.latest().hit(first);
    const second = pageView({ id: '3', query: 'AQB=1&second=1&AQE=1' });
    FakeEventSource.latest().hit(second);
    fromPage({ type: 'sent', rule: 'Global page view', event: 'library-loaded', query: second.query, values: { 'Page Name': 'later' } });
    await expandAll();
    const [page, feedback] = within(section('Hits')).getAllByRole('article');

    const link = within(feedback!).getByRole('link', { name: 'Feedback: Yes' });
    expect(link).toHaveAttribute('href', '/properties/health-site/rules/Feedback%3A%20Yes');
    expect(within(feedback!).getByText(/Sent by the rule/)).toHaveTextContent('Sent by the rule Feedback: Yes on click.');
    const values = within(feedback!).getByRole('table', { name: 'Data elements when the hit was sent' });
    expect(within(values).getAllByRole('row').map((r) => r.textContent)).toEqual(['Data elementValue then', 'Page Namenhs:conditions:asthma', 'Search Keyword(empty)']);
    expect(within(page!).getByRole('link', { name: 'Global page view' })).toHaveAttribute('href', '/properties/health-site/rules/Global%20page%20view');

    // A hit with no word from the bridge (a production host) has no rule line.
    FakeEventSource.latest().hit(pageView({ id: '4', query: 'AQB=1&third=1&AQE=1' }));
    await expandAll();
    expect(within(within(section('Hits')).getAllByRole('article')[0]!).queryByText(/Sent by the rule/)).toBeNull();
  });
});

describe('previewing from the debugger (issue 19 item 10)', () => {
  it('opens the preview in a new debugger window, closing the old one: a window that ran the page would run its old container again', async () => {
    mockServer(
      {
        'GET /api/admin/demo-pages': () => ({ pages: demoPages }),
        'GET /api/admin/properties/:name': () => propertyDetail,
        'GET /api/admin/properties/:name/sdr': () => sdr,
        'GET /api/admin/properties/:name/versions': () => ({ versions: [] }),
        'POST /api/admin/properties/:name/previews': () => ({
          property: 'health-site',
          environment: 'production',
          version: 3,
          buildId: 'abc',
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          startPath: '/containers/health-site/preview?token=t',
          endPath: '/containers/health-site/preview/end',
        }),
      },
      { id: 2, username: 'eddie', role: 'editor', admin: false },
    );
    localStorage.clear();
    renderPage(<DebuggerPage />, { path: '/debugger' });
    await userEvent.selectOptions(await screen.findByLabelText('Demo page', {}, SLOW), 'http://www.health.localhost:8080/conditions/asthma/');
    await userEvent.click(screen.getByRole('button', { name: 'Open page' }));
    expect(window.open).toHaveBeenLastCalledWith('http://www.health.localhost:8080/conditions/asthma/', 'tagwell-debug');
    const close = vi.spyOn(popup, 'close');
    await userEvent.click(screen.getByRole('button', { name: 'Start preview' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    const [url, name] = vi.mocked(window.open).mock.lastCall as [string, string];
    expect(url).toBe(`http://www.health.localhost:8080/containers/health-site/preview?token=t&next=${encodeURIComponent('/conditions/asthma/')}`);
    expect(name).toMatch(/^tagwell-debug-\w+$/);
    // Later pages open in that window.
    await userEvent.click(screen.getByRole('button', { name: 'Open page' }));
    expect(window.open).toHaveBeenLastCalledWith('http://www.health.localhost:8080/conditions/asthma/', name);
    localStorage.clear();
  });
});
