import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { addExitHook } from '../../src/terminal/exitHooks.js';
import { endAsHangup, guardHangup, terminalFds, terminalLost, type HangupProcess } from '../../src/terminal/hangup.js';

class FakeProcess extends EventEmitter implements HangupProcess {
  readonly pid = 77;
  platform: NodeJS.Platform = 'linux';
  kill = vi.fn<(pid: number, signal: 'SIGHUP') => void>();
}

describe('terminalFds / terminalLost', () => {
  it('takes the standard descriptors that are terminals, and is lost when one of them stops being one', () => {
    let ttys = new Set([0, 1]);
    const isTty = (fd: number): boolean => ttys.has(fd);
    const fds = terminalFds(isTty);
    expect(fds).toEqual([0, 1]);
    expect(terminalLost(fds, isTty)).toBe(false);
    ttys = new Set([0]);
    expect(terminalLost(fds, isTty)).toBe(true);
    // stderr into a file was never a terminal: not a loss
    expect(terminalLost([], isTty)).toBe(false);
  });
});

describe('endAsHangup', () => {
  it('takes every SIGHUP listener away (the signal at its default action), then raises it', () => {
    const proc = new FakeProcess();
    proc.on('SIGHUP', () => undefined);
    proc.kill.mockImplementation(() => expect(proc.listenerCount('SIGHUP')).toBe(0));
    expect(endAsHangup(proc)).toBe(true);
    expect(proc.kill).toHaveBeenCalledWith(77, 'SIGHUP');
  });

  it('says so where it cannot (Windows; kill refused)', () => {
    const win = new FakeProcess();
    win.platform = 'win32';
    expect(endAsHangup(win)).toBe(false);
    expect(win.kill).not.toHaveBeenCalled();
    const refused = new FakeProcess();
    refused.kill.mockImplementation(() => {
      throw new Error('EPERM');
    });
    expect(endAsHangup(refused)).toBe(false);
  });
});

describe('guardHangup', () => {
  it('at exit after the terminal was lost: runs the exit hooks, then ends as a hangup', () => {
    const proc = new FakeProcess();
    let up = true;
    const order: string[] = [];
    proc.kill.mockImplementation(() => order.push('kill'));
    const unguard = guardHangup(proc, (fd) => up && fd === 1);
    const removeHook = addExitHook(() => order.push('hook'));
    up = false;
    proc.emit('exit');
    removeHook();
    unguard();
    expect(order).toEqual(['hook', 'kill']);
  });

  it('at an ordinary exit does nothing, and is not installed without a terminal', () => {
    const proc = new FakeProcess();
    const unguard = guardHangup(proc, () => true);
    proc.emit('exit');
    expect(proc.kill).not.toHaveBeenCalled();
    unguard();
    expect(proc.listenerCount('exit')).toBe(0);
    guardHangup(proc, () => false);
    expect(proc.listenerCount('exit')).toBe(0);
  });
});
