import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorMessage, Loading } from '../../components/status';
import { useActivityResults } from './api';
import { ExperiencePreviews } from './experience-preview';
import { count } from './format';
import { RateChart } from './rate-chart';
import { ResultsTable } from './results-table';
import { ENVIRONMENT_LABELS, ENVIRONMENTS, type EnvironmentName, type GoalResult } from './types';

const isEnvironment = (value: string | null): value is EnvironmentName => value !== null && (ENVIRONMENTS as readonly string[]).includes(value);

/** The results of one activity on one environment (issue 14 items 3-4): per goal a chart and its numbers. */
export function ResultsPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('environment');
  const environment: EnvironmentName = isEnvironment(asked) ? asked : 'production';
  const property = search.get('property') ?? undefined;
  const results = useActivityResults(id, environment, property);
  const selectId = useId();
  const data = results.data;
  return (
    <>
      <p>
        <Link to="/activities">All activities</Link>
      </p>
      <h1>{data ? `Results: ${data.activity.name}` : 'Activity results'}</h1>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={selectId}>Environment</label>
        <select
          id={selectId}
          value={environment}
          onChange={(e) => {
            const next = new URLSearchParams(search);
            next.set('environment', e.target.value);
            setSearch(next);
          }}
        >
          {ENVIRONMENTS.map((e) => (
            <option key={e} value={e}>
              {ENVIRONMENT_LABELS[e]}
            </option>
          ))}
        </select>
      </form>
      {results.isPending && <Loading label="Loading results" />}
      {results.error && <ErrorMessage error={results.error} />}
      {data && (
        <>
          <p>
            {data.activity.property}, version {data.activity.version} on {ENVIRONMENT_LABELS[data.activity.environment]}: {data.activity.state === 'active' ? 'running' : 'paused'}.{' '}
            {data.counts.experiences.map((e) => `${e.name ?? e.id}: ${count(e.visitors)} visitors`).join('; ')}.
          </p>
          <p className="hint">
            Comparisons need at least {count(data.method.minVisitorsPerExperience)} visitors in each experience and {count(data.method.minConversions)} converting visitors; below that a comparison
            says &ldquo;Not enough data&rdquo;. Significance is tested at {data.method.alpha * 100}%.
          </p>
          {data.results === null ? (
            <p>This activity has one experience: there is nothing to compare it with.</p>
          ) : (
            data.results.goals.map((goal) => <GoalSection key={goal.goal} goal={goal} comparisons={data.results!.comparisons} />)
          )}
          <ExperiencePreviews activity={data.activity} />
        </>
      )}
    </>
  );
}

function GoalSection({ goal, comparisons }: { goal: GoalResult; comparisons: number }) {
  const id = useId();
  return (
    <section className="reports-card" aria-labelledby={id}>
      <h2 id={id}>Goal: {goal.name}</h2>
      <RateChart goal={goal.name} rows={goal.experiences} />
      <ResultsTable goal={goal.name} rows={goal.experiences} comparisons={comparisons} />
    </section>
  );
}
