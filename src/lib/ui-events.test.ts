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

  it('sends requests straight to listeners while there are any, and keeps no toast for later', () => {
    const listener = vi.fn();
    const stop = onUiEvent('open-login', listener);
    openLoginDialog();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    showToast({ kind: 'info', text: 'x', durationMs: 1 });
    const toasts = vi.fn();
    const stopToasts = onUiEvent('toast', toasts);
    expect(toasts).not.toHaveBeenCalled();
    stopToasts();
    // Unsubscribed: a new request waits for the next listener again.
    openLoginDialog();
    const late = vi.fn();
    onUiEvent('open-login', late)();
    expect(late).toHaveBeenCalledTimes(1);
  });
});
