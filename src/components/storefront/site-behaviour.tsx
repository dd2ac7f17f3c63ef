'use client';

import { useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { isChunkLoadError, isInAppNavigation, mayReloadAfterChunkError, PROGRESS, progressAt } from '@/lib/front-behaviour';
import { RememberLanguage } from './remember-language';
import { StructureTabHost } from './structure/structure-tab-host';

const RELOAD_KEY = 'chunkReloadAt';

/**
 * The top progress bar: appears only when a navigation takes longer than 200 ms, creeps over
 * a nominal 5 s, and hides 500 ms after the new page is shown.
 */
function ProgressBar() {
  const pathname = usePathname();
  const search = useSearchParams();
  const [width, setWidth] = useState(0);
  const [visible, setVisible] = useState(false);
  const state = useRef<{ startedAt: number; throttle?: number; tick?: number; hide?: number; running: boolean }>({ startedAt: 0, running: false });

  useEffect(() => {
    const s = state.current;
    const start = () => {
      window.clearTimeout(s.throttle);
      window.clearTimeout(s.hide);
      window.clearInterval(s.tick);
      s.running = true;
      s.startedAt = performance.now();
      s.throttle = window.setTimeout(() => {
        if (!s.running) return;
        setVisible(true);
        setWidth(progressAt(performance.now() - s.startedAt));
        s.tick = window.setInterval(() => {
          const elapsed = performance.now() - s.startedAt;
          setWidth(progressAt(elapsed));
          // A click that led nowhere (cancelled, or the same page): give up after three nominal durations.
          if (elapsed > PROGRESS.durationMs * 3) {
            s.running = false;
            window.clearInterval(s.tick);
            setVisible(false);
            setWidth(0);
          }
        }, 200);
      }, PROGRESS.throttleMs);
    };
    // Capture phase: the storefront's Link prevents the default in its own handler, before a bubbling listener runs.
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || !anchor.href) return;
      const ok = isInAppNavigation(
        { href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download'), origin: anchor.origin },
        { href: window.location.href, origin: window.location.origin },
        { meta: event.metaKey, ctrl: event.ctrlKey, shift: event.shiftKey, alt: event.altKey, button: event.button },
      );
      if (ok) start();
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement | null;
      if (!event.defaultPrevented && form && (form.method || 'get').toLowerCase() === 'get') start();
    };
    const onPop = () => start();
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', onSubmit);
    window.addEventListener('popstate', onPop);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit);
      window.removeEventListener('popstate', onPop);
    };
  }, []);

  // A new pathname or query means the navigation finished.
  useEffect(() => {
    const s = state.current;
    if (!s.running) return;
    s.running = false;
    window.clearTimeout(s.throttle);
    window.clearInterval(s.tick);
    setWidth(1);
    s.hide = window.setTimeout(() => {
      setVisible(false);
      setWidth(0);
    }, PROGRESS.hideDelayMs);
  }, [pathname, search]);

  return (
    <div aria-hidden className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5" data-testid="progress-bar" data-visible={visible ? 'true' : 'false'}>
      <div className="h-full bg-accent transition-[width,opacity] duration-200 ease-out" style={{ width: `${Math.round(width * 100)}%`, opacity: visible ? 1 : 0 }} />
    </div>
  );
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** A notice while the browser is offline, and a short one when it is back. */
function OnlineStatus() {
  const t = useTranslations('behaviour');
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const [backOnline, setBackOnline] = useState(false);
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBackOnline(true);
    const timer = window.setTimeout(() => setBackOnline(false), 3000);
    return () => window.clearTimeout(timer);
  }, [online]);
  if (online && !backOnline) return null;
  return (
    <div role="status" className={`fixed bottom-4 left-1/2 z-[60] -translate-x-1/2 rounded-full px-4 py-2 text-sm text-white shadow-lg ${online ? 'bg-green-700' : 'bg-gray-800'}`} data-testid="online-status">
      {online ? t('online') : t('offline')}
    </div>
  );
}

/** After a script chunk fails to load (usually a new deployment), reload once — at most once a minute. */
function ChunkReload() {
  useEffect(() => {
    const reload = (error: unknown) => {
      if (!isChunkLoadError(error)) return;
      const last = Number(window.sessionStorage.getItem(RELOAD_KEY));
      const now = Date.now();
      if (!mayReloadAfterChunkError(Number.isFinite(last) && last > 0 ? last : null, now)) return;
      window.sessionStorage.setItem(RELOAD_KEY, String(now));
      window.location.reload();
    };
    const onError = (event: ErrorEvent) => reload(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => reload(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}

/**
 * The storefront's front-end behaviour (docs/requirements/storefront.md#page-behaviour), mounted once by the
 * shell, the page's language stored under `lang` (`englishSite`: web setting 1) and the search bar's
 * structure tab (its panel opens on a click). Once the shell has
 * hydrated, its root says so (`data-hydrated="true"`, as the back-office shell's does): a click before
 * that may be lost, and the browser tests wait for it.
 */
export function SiteBehaviour({ englishSite }: { englishSite: string | null }) {
  useEffect(() => {
    document.querySelector('[data-store-shell]')?.setAttribute('data-hydrated', 'true');
  }, []);
  return (
    <>
      <Suspense fallback={null}><ProgressBar /></Suspense>
      <OnlineStatus />
      <ChunkReload />
      <RememberLanguage englishSite={englishSite} />
      <StructureTabHost />
    </>
  );
}
