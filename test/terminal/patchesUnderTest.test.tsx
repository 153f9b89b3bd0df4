// vitest runs the renderer the bundle ships: every patch of scripts/ink-patches.mjs is applied to
// the modules the tests load (vitest.config.ts), and the key parser's fix is in force.
import { Text, useInput } from 'ink';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INK_PATCHED_FILES, INK_PATCHES, patchInk } from '../../scripts/ink-patches.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

declare global {
  var __oiePatchedModules: Set<string> | undefined;
}

/** Counts the keys useInput hands it (the frame says how many), and tells `onKey` each one's input and raw sequence. */
function KeyCounter({ onKey }: { onKey: (input: string, raw: unknown) => void }): React.JSX.Element {
  const [count, setCount] = useState(0);
  useInput((input, _key, ...rest: unknown[]) => {
    onKey(input, rest[0]);
    setCount((n) => n + 1);
  });
  return <Text>keys {count}</Text>;
}

describe('the patches under vitest', () => {
  it('are applied to every patched module the app loads', () => {
    expect(stringWidth('user_000001 周杰')).toBe(16);
    expect([...(globalThis.__oiePatchedModules ?? [])].sort()).toEqual([...INK_PATCHED_FILES].sort());
  });

  it('each say in one line why they exist and whether upstream has them', () => {
    for (const patch of INK_PATCHES) {
      expect(patch.why, patch.file).toMatch(/^[^\n]{10,200}$/);
      expect(patch.upstream, patch.why).toMatch(/^[^\n]{4,200}$/);
    }
  });

  it('import app modules by a path relative to the patched file, never an absolute one', () => {
    let imports = 0;
    for (const file of INK_PATCHED_FILES) {
      const path = resolve(ROOT, 'node_modules', file);
      const patched = patchInk(path, readFileSync(path, 'utf8'));
      expect(patched, file).not.toContain(ROOT);
      for (const [, specifier] of patched.matchAll(/from "(\.{1,2}\/[^"]*src\/terminal\/[^"]+)"/g)) {
        imports++;
        expect(existsSync(resolve(dirname(path), specifier!)), specifier).toBe(true);
      }
    }
    // cellWidth.ts for Ink's output, graphemeJoins.ts for string-width and the other segmenters.
    expect(imports).toBeGreaterThanOrEqual(2);
  });

  it('include the key parser fix: Ctrl+F1 reaches the app as a key without a name', async () => {
    const seen = vi.fn<(input: string) => void>();
    const app = render(<KeyCounter onKey={(input) => seen(input)} />);
    await vi.waitFor(() => expect(app.lastFrame()).toBe('keys 0'));
    app.stdin.write('\u001b[1;5P');
    await vi.waitFor(() => expect(app.lastFrame()).toBe('keys 1'));
    expect(seen).toHaveBeenCalledWith('');
    app.unmount();
  });

  it("hand useInput's handler the raw sequence as well (the app reads keys by it)", async () => {
    const raws: unknown[] = [];
    const app = render(<KeyCounter onKey={(_input, raw) => raws.push(raw)} />);
    await vi.waitFor(() => expect(app.lastFrame()).toBe('keys 0'));
    app.stdin.write('\u001b[A');
    await vi.waitFor(() => expect(app.lastFrame()).toBe('keys 1'));
    app.stdin.write('q');
    await vi.waitFor(() => expect(app.lastFrame()).toBe('keys 2'));
    expect(raws).toEqual(['\u001b[A', 'q']);
    app.unmount();
  });
});
