import { EventEmitter } from 'node:events';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { addExitCloser, addExitHook } from '../../src/terminal/exitHooks.js';
import {
  crashLine,
  enableFocusEvents,
  enterAltScreen,
  takeTerminal,
  installRestoreHandlers,
  restoreTerminal,
  type ProcessLike,
  type TerminalOutput,
} from '../../src/terminal/screen.js';

class FakeOutput implements TerminalOutput {
  written = '';
  write(chunk: string): boolean {
    this.written += chunk;
    return true;
  }
}

function fakeStdin(isTTY: boolean): { isTTY: boolean; setRawMode: Mock<(mode: boolean) => void> } {
  return { isTTY, setRawMode: vi.fn<(mode: boolean) => void>() };
}

class FakeProcess extends EventEmitter implements ProcessLike {
  readonly pid = 4242;
  platform: NodeJS.Platform = 'linux';
  stderr = new FakeOutput();
  exit = vi.fn<(code: number) => void>();
  kill = vi.fn<(pid: number, signal: 'SIGHUP') => void>();
}

/** isatty as the process sees it: 0, 1 and 2 terminals until the test hangs them up. */
function fakeTerminal(): { isTty: (fd: number) => boolean; hangUp: () => void } {
  let up = true;
  return { isTty: (fd) => up && fd <= 2, hangUp: () => (up = false) };
}

describe('enterAltScreen / restoreTerminal', () => {
  it('enters the alternate screen with bracketed paste on, and nothing else', () => {
    const out = new FakeOutput();
    enterAltScreen(out);
    expect(out.written).toBe('\u001b[?1049h\u001b[?2004h');
  });

  it('turns bracketed paste off, restores the main screen and shows the cursor', () => {
    const out = new FakeOutput();
    enterAltScreen(out);
    out.written = '';
    restoreTerminal(out, fakeStdin(false));
    expect(out.written).toBe('\u001b[?2004l\u001b[?1049l\u001b[?25h');
  });

  it('writes once when restored twice', () => {
    const out = new FakeOutput();
    const stdin = fakeStdin(true);
    enterAltScreen(out);
    restoreTerminal(out, stdin);
    restoreTerminal(out, stdin);
    expect(out.written).toBe('\u001b[?1049h\u001b[?2004h\u001b[?2004l\u001b[?1049l\u001b[?25h');
    expect(stdin.setRawMode).toHaveBeenCalledTimes(1);
  });

  it('restores again after entering again', () => {
    const out = new FakeOutput();
    enterAltScreen(out);
    restoreTerminal(out, fakeStdin(false));
    enterAltScreen(out);
    restoreTerminal(out, fakeStdin(false));
    expect(out.written).toBe('\u001b[?1049h\u001b[?2004h\u001b[?2004l\u001b[?1049l\u001b[?25h'.repeat(2));
  });

  it('turns raw mode off only on a TTY', () => {
    const tty = fakeStdin(true);
    restoreTerminal(new FakeOutput(), tty);
    expect(tty.setRawMode).toHaveBeenCalledWith(false);
    const pipe = fakeStdin(false);
    restoreTerminal(new FakeOutput(), pipe);
    expect(pipe.setRawMode).not.toHaveBeenCalled();
  });

  it('survives a terminal that is already gone', () => {
    const broken: TerminalOutput = {
      write: () => {
        throw new Error('EPIPE');
      },
    };
    const stdin = {
      isTTY: true,
      setRawMode: () => {
        throw new Error('EBADF');
      },
    };
    expect(() => enterAltScreen(broken)).not.toThrow();
    expect(() => restoreTerminal(broken, stdin)).not.toThrow();
  });
});

describe('installRestoreHandlers', () => {
  it('restores on a normal exit without exiting again', () => {
    const proc = new FakeProcess();
    const restore = vi.fn();
    installRestoreHandlers(restore, proc);
    proc.emit('exit', 0);
    expect(restore).toHaveBeenCalledTimes(1);
    expect(proc.exit).not.toHaveBeenCalled();
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGQUIT', 131],
  ])('restores on %s, runs the exit hooks (a partial export removed), and exits with %i', (signal, code) => {
    const proc = new FakeProcess();
    const order: string[] = [];
    proc.exit.mockImplementation(() => order.push('exit'));
    installRestoreHandlers(() => order.push('restore'), proc);
    const removeHook = addExitHook(() => order.push('hook'));
    proc.emit(signal);
    removeHook();
    expect(order).toEqual(['restore', 'hook', 'exit']);
    expect(proc.exit).toHaveBeenCalledWith(code);
  });

  it('on SIGHUP, with the terminal still there (kill -HUP): restores, runs the hooks, then ends killed by SIGHUP, not by exit', () => {
    const proc = new FakeProcess();
    const order: string[] = [];
    proc.kill.mockImplementation(() => order.push('kill'));
    const other = vi.fn();
    proc.on('SIGHUP', other); // a library's (signal-exit's): SIGHUP must be at its default action when raised
    const terminal = fakeTerminal();
    const uninstall = installRestoreHandlers(() => order.push('restore'), proc, { isTty: terminal.isTty });
    const remove = addExitCloser(() => new Promise<void>(() => undefined)); // not waited for
    const removeHook = addExitHook(() => order.push('hook'));
    proc.emit('SIGHUP');
    removeHook();
    remove();
    uninstall();
    expect(order).toEqual(['restore', 'hook', 'kill']);
    expect(proc.kill).toHaveBeenCalledWith(4242, 'SIGHUP');
    expect(proc.listenerCount('SIGHUP')).toBe(0);
    expect(proc.exit).not.toHaveBeenCalled();
  });

  it.each([
    ['SIGHUP', []],
    ['SIGTERM', []],
    ['exit', []],
    ['uncaughtException', [Object.assign(new Error('write EIO'), { code: 'EIO', syscall: 'write' })]],
  ] as const)('once the terminal is lost, %s ends as a hangup: nothing written to it, the hooks run, no crash line', (event, args) => {
    const proc = new FakeProcess();
    const order: string[] = [];
    proc.kill.mockImplementation(() => order.push('kill'));
    const terminal = fakeTerminal();
    const uninstall = installRestoreHandlers(() => order.push('restore'), proc, { isTty: terminal.isTty });
    const removeHook = addExitHook(() => order.push('hook'));
    terminal.hangUp();
    proc.emit(event, ...args);
    removeHook();
    uninstall();
    expect(order).toEqual(['hook', 'kill']);
    expect(proc.stderr.written).toBe('');
    expect(proc.exit).not.toHaveBeenCalled();
  });

  it("the end of the terminal's input is a hangup once the terminal is gone, and nothing while it is there", () => {
    const proc = new FakeProcess();
    const input = new EventEmitter();
    const terminal = fakeTerminal();
    const restore = vi.fn();
    const uninstall = installRestoreHandlers(restore, proc, { isTty: terminal.isTty, input });
    input.emit('end');
    expect(proc.kill).not.toHaveBeenCalled();
    terminal.hangUp();
    input.emit('end');
    expect(proc.kill).toHaveBeenCalledWith(4242, 'SIGHUP');
    expect(restore).not.toHaveBeenCalled();
    uninstall();
    expect(input.listenerCount('end') + input.listenerCount('error')).toBe(0);
  });

  it('where SIGHUP cannot be raised (Windows), a hangup exits 129', () => {
    const proc = new FakeProcess();
    proc.platform = 'win32';
    const uninstall = installRestoreHandlers(vi.fn(), proc);
    proc.emit('SIGHUP');
    uninstall();
    expect(proc.kill).not.toHaveBeenCalled();
    expect(proc.exit).toHaveBeenCalledWith(129);
  });

  it.each(['uncaughtException', 'unhandledRejection'])(
    'on %s: restores, prints one line without a stack, exits 1',
    (event) => {
      const proc = new FakeProcess();
      const restore = vi.fn();
      installRestoreHandlers(restore, proc);
      proc.emit(event, new Error('connect ECONNREFUSED\n    at fake (file.js:1:1)'));
      expect(restore).toHaveBeenCalledTimes(1);
      expect(proc.stderr.written).toBe('openim-explorer: connect ECONNREFUSED⏎    at fake (file.js:1:1)\n');
      expect(proc.stderr.written.split('\n')).toHaveLength(2);
      expect(proc.exit).toHaveBeenCalledWith(1);
    },
  );

  it('a signal waits for the closers (the demo worker stopping) after restoring, then exits', async () => {
    const proc = new FakeProcess();
    const order: string[] = [];
    proc.exit.mockImplementation(() => order.push('exit'));
    const uninstall = installRestoreHandlers(() => order.push('restore'), proc);
    let stopped: () => void = () => undefined;
    const remove = addExitCloser(() => {
      order.push('close');
      return new Promise<void>((resolve) => (stopped = resolve));
    });
    proc.emit('SIGTERM');
    // The terminal is back at once; the exit waits for the worker.
    expect(order[0]).toBe('restore');
    await vi.waitFor(() => expect(order).toEqual(['restore', 'close']));
    expect(proc.exit).not.toHaveBeenCalled();
    stopped();
    await vi.waitFor(() => expect(order).toEqual(['restore', 'close', 'exit']));
    expect(proc.exit).toHaveBeenCalledWith(143);
    remove();
    uninstall();
  });

  it('a closer that never ends delays the exit by its deadline only; a second signal exits at once', async () => {
    vi.useFakeTimers();
    try {
      for (const second of [false, true]) {
        const proc = new FakeProcess();
        const uninstall = installRestoreHandlers(vi.fn(), proc);
        const remove = addExitCloser(() => new Promise<void>(() => undefined));
        proc.emit('SIGINT');
        expect(proc.exit).not.toHaveBeenCalled();
        if (second) {
          proc.emit('SIGINT');
          expect(proc.exit).toHaveBeenCalledWith(130);
        } else {
          await vi.advanceTimersByTimeAsync(3000);
          expect(proc.exit).toHaveBeenCalledWith(130);
        }
        remove();
        uninstall();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('still exits when restoring throws', () => {
    const proc = new FakeProcess();
    installRestoreHandlers(() => {
      throw new Error('boom');
    }, proc);
    proc.emit('SIGTERM');
    expect(proc.exit).toHaveBeenCalledWith(143);
  });

  it('uninstalls every handler', () => {
    const proc = new FakeProcess();
    const uninstall = installRestoreHandlers(vi.fn(), proc);
    const events = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'uncaughtException', 'unhandledRejection'];
    for (const event of events) expect(proc.listenerCount(event)).toBe(1);
    uninstall();
    for (const event of events) expect(proc.listenerCount(event)).toBe(0);
  });

  it('wires to the real process by default and cleans up', () => {
    const before = process.listenerCount('SIGHUP');
    const uninstall = installRestoreHandlers(vi.fn());
    expect(process.listenerCount('SIGHUP')).toBe(before + 1);
    uninstall();
    expect(process.listenerCount('SIGHUP')).toBe(before);
  });
});

describe('crashLine', () => {
  it('sanitises the message and handles non-errors', () => {
    expect(crashLine(new Error('\u001b[2Jbad'))).toBe('openim-explorer: \ufffdbad\n');
    expect(crashLine('plain string')).toBe('openim-explorer: plain string\n');
    expect(crashLine(new Error(''))).toBe('openim-explorer: unexpected error\n');
  });
});

describe('focus reports', () => {
  it('are asked for, and turned off with the alternate screen on the way out', () => {
    const out = new FakeOutput();
    enterAltScreen(out);
    enableFocusEvents(out);
    restoreTerminal(out, fakeStdin(false));
    restoreTerminal(out, fakeStdin(false));
    // Bracketed paste (on with the alternate screen) and focus reports are both turned off, once.
    expect(out.written).toBe('\u001b[?1049h\u001b[?2004h\u001b[?1004h\u001b[?2004l\u001b[?1004l\u001b[?1049l\u001b[?25h');
  });
});

describe('takeTerminal', () => {
  it('sets raw mode before it asks for the alternate screen and focus reports, and hides the cursor again on resume', () => {
    const out = new FakeOutput();
    const stdin = fakeStdin(true);
    let writtenAtRawMode: string | undefined;
    stdin.setRawMode.mockImplementation(() => {
      writtenAtRawMode = out.written;
    });
    takeTerminal(out, stdin);
    expect(writtenAtRawMode).toBe('');
    expect(stdin.setRawMode).toHaveBeenCalledWith(true);
    expect(out.written).toBe('\u001b[?1049h\u001b[?2004h\u001b[?1004h');
    restoreTerminal(out, stdin);
    out.written = '';
    takeTerminal(out, stdin, true);
    expect(out.written).toBe('\u001b[?1049h\u001b[?2004h\u001b[?1004h\u001b[?25l');
  });
});
