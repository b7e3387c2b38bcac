import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * An inline confirmation step for a destructive or far-reaching action: the question, a confirm
 * button (focused when it opens, so Enter or Space confirms) and Cancel (Escape too). The caller
 * returns focus to its trigger on cancel through `onCancel`.
 */
export function Confirm({
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  danger = true,
}: {
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  danger?: boolean;
}) {
  const id = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div
      className="confirm"
      role="group"
      aria-labelledby={id}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <p id={id}>{children}</p>
      <div className="actions">
        <button type="button" ref={confirmRef} className={danger ? 'danger' : undefined} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  );
}
