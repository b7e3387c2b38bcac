// A JSON object typed in a text area (a JSON offer's content, a message's mobile parameters).
import { useState } from 'react';
import { fieldId, pathText, type Path } from '../properties/document';
import { FieldMessages, useIssuesAt } from '../properties/editor/issues';

/**
 * A JSON offer's content: the object the page reads at the location, typed as JSON. Text that does
 * not parse is kept as typed (and fails the schema, so it is never saved) with the parser's reason.
 */
export function JsonContent({ path, value, onChange, label = 'JSON content' }: { path: Path; value: unknown; onChange: (value: unknown) => void; label?: string }) {
  const [text, setText] = useState(() => JSON.stringify(value ?? {}, null, 2));
  const [problem, setProblem] = useState<string | undefined>();
  const schemaMessages = useIssuesAt(path);
  // The parser's reason says more than the schema's "expected record" for text that is not JSON.
  const messages = problem ? [problem] : schemaMessages;
  const id = fieldId(pathText(path));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p className="hint" id={`${id}-hint`}>
        A JSON object, such as {'{ "headline": "Get your flu vaccine" }'}.
      </p>
      <textarea
        id={id}
        rows={6}
        spellCheck={false}
        value={text}
        aria-invalid={messages.length > 0 ? true : undefined}
        aria-describedby={[`${id}-hint`, messages.length ? `${id}-error` : ''].filter(Boolean).join(' ')}
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parseObject(e.target.value);
          setProblem(parsed.problem);
          onChange(parsed.problem ? e.target.value : parsed.value);
        }}
      />
      <FieldMessages id={`${id}-error`} messages={messages} />
    </div>
  );
}

function parseObject(text: string): { value?: unknown; problem?: string } {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { problem: 'must be a JSON object: { "name": value, … }' };
    return { value };
  } catch (error) {
    return { problem: `not JSON: ${(error as Error).message}` };
  }
}
