/** A component's settings as a definition list (read-only). */
export function SettingsList({ settings }: { settings: unknown }) {
  if (settings === undefined || (typeof settings === 'object' && settings !== null && Object.keys(settings).length === 0)) return <p className="muted">No settings.</p>;
  if (typeof settings !== 'object' || settings === null) return <code>{JSON.stringify(settings)}</code>;
  return (
    <dl className="settings">
      {Object.entries(settings).map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>
            <SettingValue name={key} value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function SettingValue({ name, value }: { name: string; value: unknown }) {
  if (typeof value === 'string') return name === 'source' ? <pre>{value}</pre> : <code>{value}</code>;
  if (typeof value === 'number' || typeof value === 'boolean') return <code>{String(value)}</code>;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return <code>{value.join(', ')}</code>;
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string'))
    return (
      <ul className="plain">
        {Object.entries(value as Record<string, string>).map(([k, v]) => (
          <li key={k}>
            <code>{k}</code> = <code>{v}</code>
          </li>
        ))}
      </ul>
    );
  return <pre>{JSON.stringify(value, null, 2)}</pre>;
}
