import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { ignoreUserSignals, installJobControl, routeWarnings, type SignalProcess } from '../../src/terminal/signals.js';

class FakeProcess extends EventEmitter implements SignalProcess {
  readonly pid = 4242;
  kill = vi.fn<(pid: number, signal: NodeJS.Signals) => void>();
}

describe('job control', () => {
  it('Ctrl-Z and SIGTSTP give the terminal back, then stop the process; SIGCONT takes it again', () => {
    const proc = new FakeProcess();
    const order: string[] = [];
    proc.kill.mockImplementation((_pid, signal) => order.push(signal));
    const jobs = installJobControl({ leave: () => order.push('leave'), back: () => order.push('back') }, proc);
    jobs.suspend();
    proc.emit('SIGCONT');
    proc.emit('SIGTSTP');
    proc.emit('SIGCONT');
    expect(order).toEqual(['leave', 'SIGSTOP', 'back', 'leave', 'SIGSTOP', 'back']);
    expect(proc.kill).toHaveBeenCalledWith(4242, 'SIGSTOP');
    jobs.uninstall();
    expect(proc.listenerCount('SIGTSTP') + proc.listenerCount('SIGCONT')).toBe(0);
  });
});

describe('SIGUSR1 and SIGUSR2', () => {
  it('are listened for (so Node opens no inspector) and do nothing', () => {
    const proc = new FakeProcess();
    const undo = ignoreUserSignals(proc);
    expect(proc.listenerCount('SIGUSR1')).toBe(1);
    expect(proc.listenerCount('SIGUSR2')).toBe(1);
    proc.emit('SIGUSR1');
    proc.emit('SIGUSR2');
    expect(proc.kill).not.toHaveBeenCalled();
    undo();
    expect(proc.listenerCount('SIGUSR1') + proc.listenerCount('SIGUSR2')).toBe(0);
  });
});

describe('warnings while the UI is up', () => {
  it('go to the sink instead of the listeners that print them, which come back afterwards', () => {
    const proc = new EventEmitter() as unknown as NodeJS.Process;
    const printer = vi.fn();
    proc.on('warning', printer);
    const lines: string[] = [];
    const undo = routeWarnings((line) => lines.push(line), proc);
    const warning = new Error('Possible EventTarget memory leak detected');
    warning.name = 'MaxListenersExceededWarning';
    proc.emit('warning', warning);
    expect(lines).toEqual(['MaxListenersExceededWarning: Possible EventTarget memory leak detected']);
    expect(printer).not.toHaveBeenCalled();
    undo();
    proc.emit('warning', warning);
    expect(printer).toHaveBeenCalledTimes(1);
    expect(lines).toHaveLength(1);
  });

  it('are dropped without a request log', () => {
    const proc = new EventEmitter() as unknown as NodeJS.Process;
    const printer = vi.fn();
    proc.on('warning', printer);
    routeWarnings(undefined, proc);
    proc.emit('warning', new Error('deprecated'));
    expect(printer).not.toHaveBeenCalled();
  });
});
