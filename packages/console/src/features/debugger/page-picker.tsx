import { useId, useRef, useState, type FormEvent } from 'react';
import { ErrorMessage, Loading } from '../../components/status';
import type { DemoPage } from '../../lib/types';
import { checkAddress, hostname } from './target';

interface Props {
  pages: DemoPage[] | undefined;
  pagesLoading: boolean;
  pagesError: unknown;
  /** Hosts the property configures, besides `*.localhost`. */
  allowedHosts: readonly string[];
  /** A page was chosen: start listening to its host before it opens. */
  onChoose(host: string): void;
  /** Opens the page; answers an error message when it could not. */
  onOpen(url: string, host: string): string | undefined;
}

/** Hosts in the order of the list, each with its pages. */
function byHost(pages: DemoPage[]): Array<{ host: string; environment: string; pages: DemoPage[] }> {
  const groups = new Map<string, { host: string; environment: string; pages: DemoPage[] }>();
  for (const page of pages) {
    const host = hostname(page.host);
    let group = groups.get(host);
    if (!group) groups.set(host, (group = { host, environment: page.environment, pages: [] }));
    group.pages.push(page);
  }
  return [...groups.values()];
}

export function PagePicker({ pages, pagesLoading, pagesError, allowedHosts, onChoose, onOpen }: Props) {
  const [chosen, setChosen] = useState('');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const addressRef = useRef<HTMLInputElement>(null);
  const ids = { select: useId(), address: useId(), hint: useId(), error: useId() };

  function choose(url: string) {
    setChosen(url);
    const page = pages?.find((p) => p.url === url);
    if (!page) return;
    setAddress(page.url);
    setError(undefined);
    onChoose(hostname(page.host));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkAddress(address, allowedHosts);
    const problem = check.ok ? onOpen(check.url, check.host) : check.message;
    setError(problem);
    if (problem) addressRef.current?.focus();
  }

  return (
    <form onSubmit={submit} noValidate className="debugger-picker">
      {pagesLoading ? (
        <Loading label="Loading the demo pages" />
      ) : pagesError ? (
        <ErrorMessage error={pagesError} />
      ) : (
        <>
          <label htmlFor={ids.select}>Demo page</label>
          <select id={ids.select} value={chosen} onChange={(e) => choose(e.target.value)}>
            <option value="">Choose a demo page</option>
            {byHost(pages ?? []).map((group) => (
              <optgroup key={group.host} label={`${group.host} (${group.environment})`}>
                {group.pages.map((page) => (
                  <option key={page.url} value={page.url}>
                    {page.title} ({page.path})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </>
      )}
      <label htmlFor={ids.address}>Page address</label>
      <p className="hint" id={ids.hint}>
        Any http or https address on a demo host (*.localhost) or on a host the property configures.
      </p>
      <input
        id={ids.address}
        ref={addressRef}
        type="text"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        value={address}
        onChange={(e) => {
          setAddress(e.target.value);
          setChosen('');
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
      />
      {error && (
        <p className="field-error" id={ids.error}>
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit">Open page</button>
      </div>
    </form>
  );
}
