import { useMemo } from 'react';
import { dataElementsOf, rulesOf, type PropertyDocument } from '../document';
import { DATALISTS } from './settings-fields';

/** Suggestions for the name fields: the document's data elements, and the variables and events it already uses. */
export function Datalists({ document }: { document: PropertyDocument }) {
  const { variables, events } = useMemo(() => {
    const variables = new Set<string>(['pageName', 'channel', 'server', 'campaign', 'products']);
    const events = new Set<string>(Object.keys(document.sdr ?? {}).filter((k) => k.startsWith('event')));
    for (const key of Object.keys(document.sdr ?? {})) if (!key.startsWith('event')) variables.add(key);
    for (const rule of rulesOf(document))
      for (const action of rule.actions)
        if (action.type === 'set-variables') {
          for (const v of Object.keys(action.settings.variables ?? {})) variables.add(v);
          for (const e of action.settings.events ?? []) events.add(e.name);
        }
    return { variables: [...variables].sort(), events: [...events].sort((a, b) => (Number(a.slice(5)) || 0) - (Number(b.slice(5)) || 0)) };
  }, [document]);
  return (
    <>
      <datalist id={DATALISTS['data-elements']}>
        {dataElementsOf(document).map((d) => (
          <option key={d.name} value={d.name} />
        ))}
      </datalist>
      <datalist id={DATALISTS.variables}>
        {variables.map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
      <datalist id={DATALISTS.events}>
        {events.map((e) => (
          <option key={e} value={e} />
        ))}
      </datalist>
    </>
  );
}
