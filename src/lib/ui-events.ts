/**
 * The few things non-React code (the API client) asks of the page: show a toast, ask the visitor
 * to sign in again (the 401 confirm box), open the login dialog. The storefront's auth island
 * listens, and the back-office's session dialogs listen for the confirm box. Requests made before it listens (the page still hydrating) are kept for it: a box asked
 * for opens late, a toast shows for what is left of its time. Where nobody ever listens (tests, a face
 * without the island) they go nowhere; at most four toasts and one of each box are held meanwhile.
 */

export type ToastKind = 'info' | 'success' | 'error';

export interface ToastRequest {
  kind: ToastKind;
  /** Text to show as is (a server `msg`). */
  text?: string;
  /** Or a key under `apiClient` in messages/*.json, translated by the listener. */
  messageKey?: 'network' | 'error';
  /** A link after the text (a path of this site, localised by the listener), e.g. to the cart after adding to it. */
  link?: { href: string; label: string };
  durationMs: number;
}

interface Events {
  toast: ToastRequest;
  'confirm-login': null;
  'open-login': null;
}

const bus: EventTarget = new EventTarget();
const listening: Record<keyof Events, number> = { toast: 0, 'confirm-login': 0, 'open-login': 0 };

/**
 * Requests to open a box, made before anyone listens (a click between a control's hydration and
 * the island's), are kept and delivered to the first listener: the box opens late instead of never.
 */
const pending = new Set<'confirm-login' | 'open-login'>();

/**
 * Toasts shown before anyone listens (an action's answer arriving before the island has hydrated) are
 * kept too, with the time they were asked for, and delivered with what is left of their duration; those
 * that would have gone already are dropped. The island shows four at most, so four are kept.
 */
const KEPT_TOASTS = 4;
let keptToasts: { request: ToastRequest; at: number }[] = [];

function emit<K extends keyof Events>(name: K, detail: Events[K]): void {
  if (listening[name] === 0 && (name === 'confirm-login' || name === 'open-login')) pending.add(name);
  bus.dispatchEvent(new CustomEvent(name, { detail }));
}

/** The kept toasts still due, each with its remaining duration; the store is emptied. */
function takeKeptToasts(now: number): ToastRequest[] {
  const due = keptToasts.filter(({ request, at }) => now - at < request.durationMs);
  keptToasts = [];
  return due.map(({ request, at }) => ({ ...request, durationMs: request.durationMs - (now - at) }));
}

/** Subscribes to one kind of request; answers the unsubscribe function. */
export function onUiEvent<K extends keyof Events>(name: K, listener: (detail: Events[K]) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<Events[K]>).detail);
  bus.addEventListener(name, handler);
  listening[name] += 1;
  if ((name === 'confirm-login' || name === 'open-login') && pending.delete(name)) listener(null as Events[K]);
  if (name === 'toast') for (const toast of takeKeptToasts(Date.now())) listener(toast as Events[K]);
  return () => {
    bus.removeEventListener(name, handler);
    listening[name] -= 1;
  };
}

export function showToast(request: ToastRequest): void {
  if (listening.toast === 0) keptToasts = [...keptToasts.slice(1 - KEPT_TOASTS), { request, at: Date.now() }];
  emit('toast', request);
}

/** Asks for the single "login confirmation" box (docs/requirements/api.md#error-catalogue); the listener keeps it to one at a time. */
export function requestLoginConfirm(): void {
  emit('confirm-login', null);
}

export function openLoginDialog(): void {
  emit('open-login', null);
}
