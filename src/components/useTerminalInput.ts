// The app's one input hook. It needs the raw sequence of each key (see keys/normalize.ts), which
// Ink's useInput does not pass on by itself; but useInput runs its handler inside the renderer's
// batched updates (several store changes from one read make one render, not one each), which
// only Ink can do. A build patch (scripts/ink-patches.mjs, use-input.js) hands the handler the
// sequence as a third argument.
import { useInput, type Key } from 'ink';
import { useCallback, useRef } from 'react';
import { createInputReader, type InputEvent } from '../keys/normalize.js';

export function useTerminalInput(onEvent: (event: InputEvent) => void): void {
  const reader = useRef(createInputReader());
  const handle = useCallback(
    (_input: string, _key: Key, raw?: unknown) => {
      // Without the patch there is no sequence to read: nothing is guessed from the parsed key.
      if (raw === undefined) return;
      for (const event of reader.current.push(typeof raw === 'string' ? raw : String(raw))) onEvent(event);
    },
    [onEvent],
  );
  useInput(handle);
}
