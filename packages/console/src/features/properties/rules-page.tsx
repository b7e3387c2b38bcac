import { useMemo } from 'react';
import { Link } from 'react-router';
import { IfAllowed } from '../auth';
import { describeRule } from './describe-rule';
import { rulesOf } from './document';
import { paths } from './paths';
import { usePropertyContext } from './property-layout';
import { SavedStatus } from './saved-status';
import { SearchBox, useSearch } from './search-box';
import { matchesSearch, ruleSearchText } from './search';

/** `/properties/:name/rules`: every rule as a sentence, searchable. */
export function RulesPage() {
  const { detail, name } = usePropertyContext();
  const document = detail.latest.document;
  const [search, setSearch] = useSearch();
  const rules = useMemo(
    () => rulesOf(document).map((rule) => ({ rule, sentence: describeRule(rule, document), text: ruleSearchText(rule, document) })),
    [document],
  );
  const shown = rules.filter((r) => matchesSearch(r.text, search));
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
      <SearchBox id="rule-search" label="Search rules" hint="By name, event, condition or action type, or any text in their settings." value={search} onChange={setSearch} shown={shown.length} total={rules.length} noun="rule" />
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
