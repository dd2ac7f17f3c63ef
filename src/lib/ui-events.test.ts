import { describe, expect, it, vi } from 'vitest';
import { onUiEvent, openLoginDialog, showToast } from './ui-events';

describe('ui events', () => {
  it('delivers a login request made before anyone listens to the first listener, once', () => {
    openLoginDialog();
    openLoginDialog();
    const first = vi.fn();
    const stop = onUiEvent('open-login', first);
    expect(first).toHaveBeenCalledTimes(1);
    const second = vi.fn();
    const stopSecond = onUiEvent('open-login', second);
    expect(second).not.toHaveBeenCalled();
    stopSecond();
    stop();
  });

  it('sends requests straight to listeners while there are any', () => {
    const listener = vi.fn();
    const stop = onUiEvent('open-login', listener);
    openLoginDialog();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    // Unsubscribed: a new request waits for the next listener again.
    openLoginDialog();
    const late = vi.fn();
    onUiEvent('open-login', late)();
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('keeps toasts shown before anyone listens for the first listener, with what is left of their time', () => {
    vi.useFakeTimers({ now: 1_000 });
    try {
      showToast({ kind: 'info', text: 'gone', durationMs: 500 });
      for (const text of ['a', 'b', 'c', 'd', 'e']) showToast({ kind: 'success', text, durationMs: 6_000 });
      vi.advanceTimersByTime(1_000);
      const first = vi.fn();
      const stop = onUiEvent('toast', first);
      // The expired one is dropped, and four at most are kept: the newest.
      expect(first.mock.calls.map(([t]) => [t.text, t.durationMs])).toEqual([['b', 5_000], ['c', 5_000], ['d', 5_000], ['e', 5_000]]);
      // Delivered once; while someone listens, nothing is kept.
      showToast({ kind: 'info', text: 'live', durationMs: 1_000 });
      expect(first).toHaveBeenCalledTimes(5);
      stop();
      const second = vi.fn();
      onUiEvent('toast', second)();
      expect(second).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
