import { Link } from 'react-router';
import { TableWrap } from '../../components/table-wrap';
import { ErrorMessage, Loading } from '../../components/status';
import { query } from '../../lib/api';
import { useActivities } from './api';
import { EditLink, NewTestLinks } from './activity-editor-link';
import { firstEnvironment, stateText } from './state';

const TYPES = { ab: 'A/B test', xt: 'Experience targeting' } as const;

/** Every activity of every property with its state (issue 14 item 4); a published one links to its results. */
export function ActivitiesPage() {
  const list = useActivities();
  return (
    <>
      <h1>Activities</h1>
      <p className="hint">A/B tests and experience targeting, from the saved and published property versions. Results are counted from the visitors shown each experience.</p>
      <NewTestLinks />
      {list.isPending && <Loading label="Loading activities" />}
      {list.error && <ErrorMessage error={list.error} />}
      {list.data && list.data.activities.length === 0 && <p>No property has activities yet.</p>}
      {list.data && list.data.activities.length > 0 && (
        <TableWrap label="Activities">
          <table>
            <caption>Activities and where they run</caption>
            <thead>
              <tr>
                <th scope="col">Activity</th>
                <th scope="col">Property</th>
                <th scope="col">Type</th>
                <th scope="col">Location</th>
                <th scope="col">Experiences</th>
                <th scope="col">Goals</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {list.data.activities.map((a) => {
                const environment = firstEnvironment(a);
                return (
                  <tr key={`${a.property}/${a.id}`}>
                    <th scope="row">
                      {environment ? <Link to={`/activities/${a.id}${query({ property: a.property, environment })}`}>{a.name}</Link> : a.name}
                      {!a.inLatestVersion && <span className="hint"> (removed from the latest version)</span>}
                      {a.inLatestVersion && a.type === 'ab' && <EditLink property={a.property} id={a.id} name={a.name} />}
                    </th>
                    <td>{a.property}</td>
                    <td>{TYPES[a.type]}</td>
                    <td>
                      <code>{a.location.name}</code> ({a.location.type === 'view' ? 'view' : 'mbox'})
                    </td>
                    <td>{a.experiences.map((e) => (e.split === null ? e.name : `${e.name} ${e.split}%`)).join(', ')}</td>
                    <td>{a.goals.map((g) => g.name).join(', ')}</td>
                    <td>{stateText(a)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
    </>
  );
}
