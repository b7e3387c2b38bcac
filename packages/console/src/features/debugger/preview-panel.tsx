import { useMutation, useQuery } from '@tanstack/react-query';
import type { Property } from '@tagwell/schema';
import { useEffect, useId, useState } from 'react';
import { ErrorMessage } from '../../components/status';
import { IfAllowed } from '../auth';
import { api } from '../../lib/api';
import type { DemoPage, EnvironmentName, VersionSummary } from '../../lib/types';
import { endUrl, previewPage, readPreview, savePreview, startUrl, type ActivePreview, type PreviewStart } from './preview';

const ENVIRONMENTS: EnvironmentName[] = ['development', 'staging', 'production'];
const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

interface Props {
  property: string;
  document: Property | undefined;
  pages: readonly DemoPage[] | undefined;
  /** The page address chosen in the debugger, if any. */
  chosenUrl: string | undefined;
  /** Opens an address in the debugger's window; false when the browser blocked it. */
  open(url: string): boolean;
}

/**
 * Issue 19 item 10: preview the latest version, or a chosen one, on an environment's live host, in
 * this browser only (docs/OPERATING.md "Previewing a draft on the live host"). The sign stays
 * while the preview lasts.
 */
export function PreviewPanel({ property, document, pages, chosenUrl, open }: Props) {
  const id = useId();
  const [environment, setEnvironment] = useState<EnvironmentName>('production');
  const [version, setVersion] = useState('');
  const [active, setActive] = useState<ActivePreview | undefined>(() => readPreview());
  const [problem, setProblem] = useState<string | undefined>();
  const versions = useQuery({
    queryKey: ['debugger', 'versions', property],
    queryFn: () => api.get<{ versions: VersionSummary[] }>(`/api/admin/properties/${encodeURIComponent(property)}/versions`),
    staleTime: 30_000,
  });

  // The sign goes when the preview expires.
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setActive(readPreview()), Math.max(0, Date.parse(active.expiresAt) - Date.now()) + 500);
    return () => clearTimeout(timer);
  }, [active]);

  const start = useMutation({
    mutationFn: () =>
      api.post<PreviewStart>(`/api/admin/properties/${encodeURIComponent(property)}/previews`, { environment, ...(version && { version: Number(version) }) }),
    onSuccess: (preview) => {
      const pageUrl = previewPage(environment, chosenUrl, pages, document)!;
      if (!open(startUrl(preview, pageUrl, window.location.origin))) return setProblem('The browser blocked the pop-up window. Allow pop-ups for the console, then start the preview again.');
      const started = { ...preview, pageUrl };
      savePreview(started);
      setActive(started);
      setProblem(undefined);
    },
  });

  function end() {
    if (!active) return;
    if (!open(endUrl(active))) return setProblem('The browser blocked the pop-up window. Allow pop-ups for the console, then end the preview again.');
    savePreview(undefined);
    setActive(undefined);
    setProblem(undefined);
  }

  const target = previewPage(environment, chosenUrl, pages, document);
  return (
    <section aria-labelledby={`${id}-heading`} className="debugger-preview">
      <h2 id={`${id}-heading`}>Preview a version on the live host</h2>
      {active ? (
        <div className="notice debugger-preview-on" role="status">
          <p>
            <strong>Preview on:</strong> version {active.version} of {active.property} replaces the {active.environment} container on {new URL(active.pageUrl).host} in
            this browser only, until {clock(active.expiresAt)}. Every other visitor gets the published container.
          </p>
          <button type="button" onClick={end}>
            End preview
          </button>
        </div>
      ) : (
        <p className="hint" role="status">
          No preview is on. A preview shows the version you choose on the environment&apos;s pages in this browser only, for an hour; visitors keep the published
          container.
        </p>
      )}
      <IfAllowed permission="edit" otherwise={<p className="hint">Editors can start a preview.</p>}>
        <form
          className="debugger-preview-form"
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-env`}>Environment</label>
            <select id={`${id}-env`} value={environment} onChange={(e) => setEnvironment(e.target.value as EnvironmentName)}>
              {ENVIRONMENTS.map((env) => (
                <option key={env} value={env}>
                  {env}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-version`}>Version</label>
            <select id={`${id}-version`} value={version} onChange={(e) => setVersion(e.target.value)}>
              <option value="">Latest version{versions.data?.versions[0] ? ` (version ${versions.data.versions[0].version})` : ''}</option>
              {(versions.data?.versions ?? []).map((v) => (
                <option key={v.version} value={v.version}>
                  Version {v.version}
                  {v.note ? `: ${v.note}` : ''}
                </option>
              ))}
            </select>
          </div>
          <p className="hint">{target ? `Opens ${target}` : 'No host runs this environment.'}</p>
          <button type="submit" disabled={!target || start.isPending}>
            {active ? 'Start another preview' : 'Start preview'}
          </button>
        </form>
      </IfAllowed>
      {start.isError && <ErrorMessage error={start.error} />}
      {problem && (
        <p className="notice" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
