import { ItemNotFound } from './item-not-found';
import { TableWrap } from '../../components/table-wrap';
import { Fragment } from 'react';
import { Link, useParams } from 'react-router';
import { IfAllowed } from '../auth';
import { defaultText, STORAGE_TEXT } from './data-element-text';
import { dataElementsOf, type DataElementInput, type PropertyDocument } from './document';
import { paths } from './paths';
import { usePropertyContext } from './property-layout';
import { SavedStatus } from './saved-status';
import { SettingsList } from './settings-list';
import { usagesOfDataElement, type DataElementUsage } from './usages';

/** `/properties/:name/data-elements/:element`: its source, default, options and where it is read. */
export function DataElementPage() {
  const { detail, name } = usePropertyContext();
  const elementName = useParams().element ?? '';
  const document = detail.latest.document;
  const element = dataElementsOf(document).find((e) => e.name === elementName);
  if (!element)
    return <ItemNotFound kind="data element" name={elementName} version={detail.latest.version} property={name} />;
  return <DataElementView element={element} document={document} property={name} />;
}

const yesNo = (value: boolean | undefined) => (value ? 'yes' : 'no');

function DataElementView({ element, document, property }: { element: DataElementInput; document: PropertyDocument; property: string }) {
  const usages = usagesOfDataElement(element.name, document);
  const byOwner = new Map<string, DataElementUsage[]>();
  for (const usage of usages) {
    const key = `${usage.kind === 'data element' ? 'element' : usage.kind === 'consent' || usage.kind === 'every hit' ? usage.kind : 'rule'}:${usage.owner}`;
    byOwner.set(key, [...(byOwner.get(key) ?? []), usage]);
  }
  return (
    <>
      <SavedStatus name={property} />
      <p>
        <Link to={paths.dataElements(property)}>All data elements</Link>
      </p>
      <h2>{element.name}</h2>
      {element.description ? <p>{element.description}</p> : null}
      <IfAllowed permission="edit">
        <p>
          <Link to={paths.editDataElement(property, element.name)} className="button">
            Edit data element
          </Link>
        </p>
      </IfAllowed>
      <h3>Source</h3>
      <dl className="settings">
        <div>
          <dt>type</dt>
          <dd>
            <code>{element.type}</code>
          </dd>
        </div>
      </dl>
      {element.type === 'lookup-table' ? (
        <>
          <p>
            Looks up <code>{element.settings.input}</code>
            {element.settings.caseInsensitive ? ', ignoring case' : ''}:
          </p>
          <TableWrap label="Lookup table">
            <table>
              <thead>
                <tr>
                  <th scope="col">When the input is</th>
                  <th scope="col">The value is</th>
                </tr>
              </thead>
              <tbody>
                {element.settings.table.map((row, i) => (
                  <tr key={i}>
                    <td>
                      <code>{row.in}</code>
                    </td>
                    <td>
                      <code>{row.out}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      ) : (
        <SettingsList settings={element.settings} />
      )}
      <h3>Options</h3>
      <dl className="settings">
        <div>
          <dt>Default</dt>
          <dd>{defaultText(element)}</dd>
        </div>
        <div>
          <dt>Force lower case</dt>
          <dd>{yesNo(element.forceLowerCase)}</dd>
        </div>
        <div>
          <dt>Clean text</dt>
          <dd>{yesNo(element.cleanText)}</dd>
        </div>
        <div>
          <dt>Storage duration</dt>
          <dd>{element.storage ? `${element.storage} (${STORAGE_TEXT[element.storage]})` : 'not set (not remembered)'}</dd>
        </div>
      </dl>
      <h3>Used by</h3>
      {usages.length === 0 ? (
        <p>Nothing in this version reads this data element.</p>
      ) : (
        <ul>
          {[...byOwner.values()].map((list) => {
            const first = list[0]!;
            return (
              <li key={first.path}>
                {first.kind === 'data element' ? (
                  <>
                    Data element <Link to={paths.dataElement(property, first.owner)}>{first.owner}</Link>
                  </>
                ) : first.kind === 'consent' ? (
                  <>The consent settings</>
                ) : first.kind === 'every hit' ? (
                  <>The variables on every hit</>
                ) : (
                  <>
                    Rule <Link to={paths.rule(property, first.owner)}>{first.owner}</Link>
                  </>
                )}
                :{' '}
                {list.map((usage, i) => (
                  <Fragment key={usage.path}>
                    {i > 0 ? ', ' : ''}
                    {usageText(usage)} (<code>{usage.path}</code>)
                  </Fragment>
                ))}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

function usageText(usage: DataElementUsage): string {
  if (usage.how === 'change') return 'fires when it changes';
  if (usage.how === 'setting') return 'reads it as the consent state';
  const how = usage.how === 'getVar' ? 'custom code calls getVar' : 'token';
  if (usage.kind === 'every hit') return `${how} in ${usage.path.slice('settings.everyHit.'.length)}`;
  return usage.kind === 'data element' ? how : `${how} in ${usage.kind === 'condition' ? 'a condition' : usage.kind === 'exception' ? 'an exception' : usage.kind === 'action' ? 'an action' : 'an event'}`;
}
