import { describe, expect, it } from 'vitest';
import { liveHeaderText, liveStatusNote } from '../../src/components/liveText.js';
import { livePauseReason } from '../../src/store/liveSlice.js';
import type { AppState } from '../../src/store/types.js';

const live = (focused: boolean | null): AppState['live'] => ({ on: true, intervalMs: 5000, refreshedAt: null, status: { state: 'paused' }, focused });

describe('the live view says why it paused and when it resumes', () => {
  it('names the reason: a prompt, help, or a terminal not looked at', () => {
    expect(livePauseReason({ prompt: {} as AppState['prompt'], help: false, live: live(true) })).toBe('prompt');
    expect(livePauseReason({ prompt: null, help: true, live: live(true) })).toBe('help');
    expect(livePauseReason({ prompt: null, help: false, live: live(false) })).toBe('focus');
    expect(livePauseReason({ prompt: null, help: false, live: live(null) })).toBeUndefined();
  });

  it('says it in the header and the status line', () => {
    expect(liveHeaderText(live(true), 'prompt')).toBe('live paused (prompt open)');
    expect(liveStatusNote({ state: 'paused' }, 'prompt')).toBe('live view paused while the prompt is open: resumes when it closes');
    expect(liveStatusNote({ state: 'paused' }, 'focus')).toMatch(/resumes on focus$/);
    expect(liveStatusNote({ state: 'paused' }, undefined)).toBeUndefined();
  });
});
