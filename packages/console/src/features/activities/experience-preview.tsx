import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorMessage } from '../../components/status';
import { api } from '../../lib/api';
import { IfAllowed } from '../auth';
import { ENVIRONMENT_LABELS, type ActivityResultsAnswer, type ExperiencePreviewAnswer } from './types';

const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * Opens a preview link in a new window, cut from this one (no `opener`: the page cannot reach the
 * console); false when the browser blocked the window.
 */
function openPreview(url: string): boolean {
  const win = window.open(url, '_blank');
  if (!win) return false;
  win.opener = null;
  return true;
}

/**
 * Issue 14 item 4: one Preview button per experience of the activity as the environment runs it.
 * Each asks the server for a signed link and opens the activity's page with it in a new window:
 * that experience is shown to whoever opens the link, whatever the allocation and the audience,
 * for an hour, and never counted (docs/PERSONALISATION.md "Previewing an experience").
 */
export function ExperiencePreviews({ activity }: { activity: ActivityResultsAnswer['activity'] }) {
  const id = useId();
  const [opened, setOpened] = useState<ExperiencePreviewAnswer | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const start = useMutation({
    mutationFn: (experience: number) =>
      api.post<ExperiencePreviewAnswer>(`/api/admin/activities/${activity.id}/experiences/${experience}/preview`, { environment: activity.environment, property: activity.property }),
    onSuccess: (answer) => {
      setOpened(answer);
      setProblem(openPreview(answer.url) ? undefined : 'The browser blocked the new window. Allow pop-ups for the console, or open the preview link below.');
    },
  });
  return (
    <IfAllowed permission="edit">
      <section className="reports-card" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Preview an experience</h2>
        <p className="hint">
          Opens the activity&apos;s page on {ENVIRONMENT_LABELS[activity.environment]} in a new window, showing the experience you choose whatever the split and the
          audience, to whoever opens the link, for an hour. Nothing a preview shows is counted in the results.
        </p>
        <ul className="actions">
          {activity.experiences.map((experience, n) => (
            <li key={n}>
              <button type="button" disabled={start.isPending} onClick={() => start.mutate(n)}>
                Preview {experience.name}
              </button>
            </li>
          ))}
        </ul>
        <div role="status">
          {opened && (
            <p>
              Preview of {opened.experience.name} until {clock(opened.expiresAt)}:{' '}
              <a href={opened.url} target="_blank" rel="noopener noreferrer">
                open the preview of {opened.experience.name} again
              </a>
            </p>
          )}
        </div>
        {start.isError && <ErrorMessage error={start.error} />}
        {problem && (
          <p className="notice" role="alert">
            {problem}
          </p>
        )}
      </section>
    </IfAllowed>
  );
}
