import { useCallback, useEffect, useRef, useState } from 'react';
import { LostReasonDialog, type LostReasonRequest } from './lost-reason-dialog';

type Resolve = (reason: string | undefined) => void;

/**
 * Asks for the reason of a lost move: `ask` opens the dialog and resolves, when it closes, to the
 * reason or to undefined (skipped). Render `dialog` once. A question still open when the screen
 * goes away resolves to undefined, so the move it holds back is still sent.
 */
export function useLostReasonPrompt() {
  const [request, setRequest] = useState<LostReasonRequest | null>(null);
  const resolveRef = useRef<Resolve | null>(null);

  const settle = useCallback((reason: string | undefined) => {
    const resolve = resolveRef.current;
    resolveRef.current = null;
    setRequest(null);
    resolve?.(reason);
  }, []);

  const ask = useCallback((next: LostReasonRequest) => {
    // One question at a time: one asked over another lets the first go on without a reason.
    resolveRef.current?.(undefined);
    setRequest(next);
    return new Promise<string | undefined>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  useEffect(() => () => resolveRef.current?.(undefined), []);

  return { ask, dialog: <LostReasonDialog request={request} onDone={settle} /> };
}
