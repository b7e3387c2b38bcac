import { TableWrap } from '../../components/table-wrap';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { IfAllowed } from '../auth';
import { defaultText, optionsSummary, sourceSummary } from './data-element-text';
import { dataElementsOf } from './document';
import { paths } from './paths';
import { usePropertyContext } from './property-layout';
import { SavedStatus } from './saved-status';
import { SearchBox, useSearch } from './search-box';
import { dataElementSearchText, matchesSearch } from './search';
import { rulesUsing } from './usages';

/** `/properties/:name/data-elements`: every data element, its source, default and options. */
export function DataElementsPage() {
  const { detail, name } = usePropertyContext();
  const document = detail.latest.document;
  const [search, setSearch] = useSearch();
  const elements = useMemo(
    () => dataElementsOf(document).map((element) => ({ element, text: dataElementSearchText(element), rules: rulesUsing(element.name, document).length })),
    [document],
  );
  const shown = elements.filter((e) => matchesSearch(e.text, search));
  return (
    <>
      <SavedStatus name={name} />
      <h2>Data elements</h2>
      <IfAllowed permission="edit">
        <p>
          <Link to={paths.newDataElement(name)} className="button">
            New data element
          </Link>
        </p>
      </IfAllowed>
      <SearchBox id="data-element-search" label="Search data elements" hint="By name, type or any text in their settings." value={search} onChange={setSearch} shown={shown.length} total={elements.length} noun="data element" />
      <TableWrap label="Data elements">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Source</th>
              <th scope="col">Default</th>
              <th scope="col">Options</th>
              <th scope="col">Rules using it</th>
            </tr>
          </thead>
          <tbody>
            {shown.map(({ element, rules }) => (
              <tr key={element.name}>
                <th scope="row">
                  <Link to={paths.dataElement(name, element.name)}>{element.name}</Link>
                </th>
                <td>{element.type}</td>
                <td>
                  <code>{sourceSummary(element)}</code>
                </td>
                <td>{defaultText(element)}</td>
                <td>{optionsSummary(element) || '—'}</td>
                <td>{rules}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}
