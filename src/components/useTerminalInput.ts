// The app's one input hook. It needs the raw sequence of each key (see keys/normalize.ts), which
// Ink's useInput does not pass on; but useInput runs its handler inside the renderer's batched
// updates (several store changes from one read make one render, not one each), which only Ink can
// do. So a listener put first on Ink's input emitter keeps the raw sequence, and the useInput
// handler, called right after it for the same event, reads it.
import { useInput, useStdin } from 'ink';
import { useCallback, useEffect, useRef } from 'react';
import { createInputReader, type InputEvent } from '../keys/normalize.js';

export function useTerminalInput(onEvent: (event: InputEvent) => void): void {
  const { internal_eventEmitter: emitter } = useStdin();
  const raw = useRef<string | undefined>(undefined);
  const reader = useRef(createInputReader());

  useEffect(() => {
    const keep = (data: unknown): void => {
      raw.current = typeof data === 'string' ? data : String(data);
    };
    emitter.prependListener('input', keep);
    return () => {
      emitter.removeListener('input', keep);
    };
  }, [emitter]);

  const handle = useCallback(() => {
    const data = raw.current;
    raw.current = undefined;
    if (data === undefined) return;
    for (const event of reader.current.push(data)) onEvent(event);
  }, [onEvent]);
  useInput(handle);
}
