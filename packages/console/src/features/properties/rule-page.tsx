import { ItemNotFound } from './item-not-found';
import { Link, useParams } from 'react-router';
import { IfAllowed } from '../auth';
import { describeAction, describeCondition, describeEvent, describeRule } from './describe-rule';
import { rulesOf, type PropertyDocument, type RuleInput } from './document';
import { paths } from './paths';
import { usePropertyContext } from './property-layout';
import { SavedStatus } from './saved-status';
import { SettingsList } from './settings-list';

/** `/properties/:name/rules/:rule`: the rule's sentence and each of its parts. */
export function RulePage() {
  const { detail, name: property } = usePropertyContext();
  const name = useParams().rule ?? '';
  const document = detail.latest.document;
  const rule = rulesOf(document).find((r) => r.name === name);
  if (!rule)
    return <ItemNotFound kind="rule" name={name} version={detail.latest.version} property={property} />;
  return <RuleView rule={rule} document={document} property={property} />;
}

function RuleView({ rule, document, property }: { rule: RuleInput; document: PropertyDocument; property: string }) {
  const parts = [
    { title: 'Events', items: rule.events.map((e) => ({ type: e.type, text: describeEvent(e, document), settings: e.settings })), none: 'No events: the rule never runs.' },
    { title: 'Conditions', items: (rule.conditions ?? []).map((c) => ({ type: c.type, text: describeCondition(c, document), settings: c.settings, negate: c.negate })), none: 'No conditions.' },
    { title: 'Exceptions', items: (rule.exceptions ?? []).map((c) => ({ type: c.type, text: describeCondition(c, document), settings: c.settings, negate: c.negate })), none: 'No exceptions.' },
    { title: 'Actions', items: rule.actions.map((a) => ({ type: a.type, text: describeAction(a, document), settings: a.settings })), none: 'No actions.' },
  ];
  return (
    <>
      <SavedStatus name={property} />
      <p>
        <Link to={paths.rules(property)}>All rules</Link>
      </p>
      <h2>{rule.name}</h2>
      {rule.description ? <p>{rule.description}</p> : null}
      <p className="meta">
        {rule.enabled === false ? <span className="tag">disabled</span> : <span className="tag">enabled</span>} Order {rule.order ?? 50}
      </p>
      <p className="sentence">{describeRule(rule, document)}</p>
      <IfAllowed permission="edit">
        <p>
          <Link to={paths.editRule(property, rule.name)} className="button">
            Edit rule
          </Link>
        </p>
      </IfAllowed>
      {parts.map((part) => (
        <section key={part.title} aria-labelledby={`part-${part.title}`}>
          <h3 id={`part-${part.title}`}>{part.title}</h3>
          {part.items.length === 0 ? (
            <p>{part.none}</p>
          ) : (
            <ol className="components">
              {part.items.map((item, i) => (
                <li key={i}>
                  <p>
                    <span className="tag">{item.type}</span>
                    {'negate' in item && item.negate ? <span className="tag">negated</span> : null} {item.text}
                  </p>
                  <SettingsList settings={item.settings} />
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </>
  );
}
