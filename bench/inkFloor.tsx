// The floor of a frame: Ink itself, with the app's render options, on the same fake 200x50
// terminal, drawing the same kind of lines (a column of <Text> rows, the cursor row inverse) and
// nothing of the app. The ratio of a frame to this floor is what the app adds to Ink.
import { performance } from 'node:perf_hooks';
import { useSyncExternalStore, type ReactElement } from 'react';
import { Box, render, Text } from 'ink';
import { inkRenderOptions } from '../src/explorer/renderOptions.js';
import { FakeStdin, FakeStdout } from './harness.js';

interface View {
  lines: readonly string[];
  cursor: number;
}

export interface Floor {
  /** Shows these lines and returns the ms from the change to the first byte of its frame (NaN: no change). */
  show(lines: readonly string[], cursor: number): Promise<number>;
  unmount(): Promise<void>;
}

export function mountFloor(columns = 200, rows = 50): Floor {
  const stdout = new FakeStdout(columns, rows);
  let view: View = { lines: [], cursor: 0 };
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  function Lines(): ReactElement {
    const { lines, cursor } = useSyncExternalStore(subscribe, () => view);
    return (
      <Box flexDirection="column" width={columns}>
        {lines.map((line, i) => (
          // The marker as well as inverse video, as the app's table (without colour, inverse is nothing).
          <Text key={i} inverse={i === cursor} wrap="truncate">
            {i === cursor ? '\u203a' + line.slice(1) : line}
          </Text>
        ))}
      </Box>
    );
  }
  const instance = render(<Lines />, {
    ...inkRenderOptions(process.env),
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: new FakeStdin() as unknown as NodeJS.ReadStream,
    stderr: stdout as unknown as NodeJS.WriteStream,
  });
  return {
    async show(lines, cursor) {
      // The same view draws nothing: no sample.
      if (cursor === view.cursor && lines.length === view.lines.length && lines.every((l, i) => l === view.lines[i])) return NaN;
      // Past Ink's frame throttle (maxFps 120), as the app's keys are.
      await new Promise((r) => setTimeout(r, 12));
      stdout.writes = [];
      const next = stdout.nextWrite(5000, 'the floor');
      const t0 = performance.now();
      view = { lines, cursor };
      for (const l of listeners) l();
      const write = stdout.writes[0] ?? (await next);
      next.catch(() => undefined);
      return write.at - t0;
    },
    async unmount() {
      instance.unmount();
      await instance.waitUntilExit().catch(() => undefined);
    },
  };
}

/** Floor lines for a page of rows: their fields joined and cut to the width, as new strings. */
export function floorLines(rows: readonly object[], width: number, height: number): string[] {
  const lines = rows.slice(0, height).map((row) => ' ' + Object.values(row).map((v) => String(v ?? '')).join('  ').padEnd(width).slice(0, width - 1));
  while (lines.length < height) lines.push('');
  return lines;
}
