import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';

export interface LeaveGuard {
  /** Lets the next navigation through without asking (after saving or deleting). */
  allow(): void;
  /** The question, while a navigation waits for an answer; render it in the page. */
  prompt: ReactNode;
}

/**
 * Asks before leaving a page with unsaved changes (`dirty`): a link, a tab, the browser's back
 * button or any other navigation inside the console waits for "Leave without saving" or "Stay on
 * this page" (react-router's useBlocker); closing or reloading the window gets the browser's own
 * question (`beforeunload`). A change of the query string alone is not leaving.
 */
export function useLeaveGuard(dirty: boolean, what: string): LeaveGuard {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  // Nothing left to lose (the changes were saved or undone while the question was open): go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return {
    allow: () => void (allowed.current = true),
    prompt: blocker.state === 'blocked' ? <LeaveQuestion what={what} onLeave={() => blocker.proceed()} onStay={() => blocker.reset()} /> : null,
  };
}

function LeaveQuestion({ what, onLeave, onStay }: { what: string; onLeave: () => void; onStay: () => void }) {
  const title = useId();
  const text = useId();
  const stay = useRef<HTMLButtonElement>(null);
  const before = useRef<Element | null>(null);
  useEffect(() => {
    before.current = document.activeElement;
    // The safe answer first: Enter or Space keeps the work.
    stay.current?.focus();
    const back = before.current;
    return () => {
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, []);
  return (
    <div className="leave-backdrop">
      <div
        className="leave-question"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={title}
        aria-describedby={text}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onStay();
          } else if (event.key === 'Tab') {
            // Modal: Tab goes round the two answers.
            const buttons = [...event.currentTarget.querySelectorAll('button')];
            const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
            event.preventDefault();
            buttons[(at + (event.shiftKey ? buttons.length - 1 : 1)) % buttons.length]?.focus();
          }
        }}
      >
        <h2 id={title}>Leave without saving?</h2>
        <p id={text}>This {what} has changes that are not saved. If you leave now, they are lost.</p>
        <div className="actions">
          <button type="button" ref={stay} onClick={onStay}>
            Stay on this page
          </button>
          <button type="button" className="danger" onClick={onLeave}>
            Leave without saving
          </button>
        </div>
      </div>
    </div>
  );
}
