import { useMemo } from 'react';
import { Link } from 'react-router';
import { IfAllowed } from '../auth';
import { describeRule } from './describe-rule';
import { rulesOf } from './document';
import { paths } from './paths';
import { usePropertyContext } from './property-layout';
import { SavedStatus } from './saved-status';
import { SearchBox, useSearch } from './search-box';
import { matchesRule, ruleSearch } from './search';

/** `/properties/:name/rules`: every rule as a sentence, searchable. */
export function RulesPage() {
  const { detail, name } = usePropertyContext();
  const document = detail.latest.document;
  const [search, setSearch] = useSearch();
  const rules = useMemo(
    () => rulesOf(document).map((rule) => ({ rule, sentence: describeRule(rule, document), search: ruleSearch(rule, document) })),
    [document],
  );
  const shown = rules.filter((r) => matchesRule(r.search, search));
  return (
    <>
      <SavedStatus name={name} />
      <h2>Rules</h2>
      <IfAllowed permission="edit">
        <p>
          <Link to={paths.newRule(name)} className="button">
            New rule
          </Link>
        </p>
      </IfAllowed>
      <SearchBox id="rule-search" label="Search rules" hint="By name or any text in their settings; by what they match: a page address, path or host; by what they send: a variable (eVar17, v17 or its description), an event, a data element, a link name." value={search} onChange={setSearch} shown={shown.length} total={rules.length} noun="rule" />
      <ul className="cards">
        {shown.map(({ rule, sentence }) => (
          <li key={rule.name} className="card">
            <h3>
              <Link to={paths.rule(name, rule.name)}>{rule.name}</Link>
            </h3>
            <p className="meta">
              {rule.enabled === false ? <span className="tag">disabled</span> : null} Order {rule.order ?? 50}
            </p>
            <p>{sentence}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
