'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import type { BannerDto } from '@/contracts/content';
import { Link } from '@/i18n/client-navigation';

const INTERVAL_MS = 6000;

interface Icons { previous: ReactNode; next: ReactNode; play: ReactNode; pause: ReactNode }

/**
 * The home slideshow: advances every 6 s, pauses on hover, focus or on request, and honours reduced
 * motion. The buttons' icons are rendered on the server.
 */
export function Slideshow({ slides, footer, icons }: { slides: BannerDto[]; footer?: ReactNode; icons: Icons }) {
  const t = useTranslations('home');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const count = slides.length;
  useEffect(() => {
    if (count < 2 || paused || hovered) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, paused, hovered]);
  if (count === 0) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('slideshow')}
      className="relative overflow-hidden rounded-xl bg-gradient-to-r from-brand-700 to-brand-500 text-white"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocusCapture={() => setHovered(true)}
      onBlurCapture={() => setHovered(false)}
      data-testid="hero"
    >
      <div aria-live={paused ? 'polite' : 'off'}>
        {slides.map((s, i) => (
          <div key={s.id} role="group" aria-roledescription="slide" aria-label={`${i + 1} / ${count}`} hidden={i !== index} className="relative px-6 pb-16 pt-10 md:px-12">
            {/* The banner's image (uploaded in the back-office) behind the text, dimmed so that the text stays legible. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            {s.imageUrl && <img src={s.imageUrl} alt="" aria-hidden className="absolute inset-0 h-full w-full object-cover opacity-30" loading={i === 0 ? 'eager' : 'lazy'} />}
            <h2 className="relative text-2xl font-bold md:text-3xl">{s.title}</h2>
            <p className="relative mt-2 max-w-2xl text-brand-100">{s.subtitle}</p>
            {s.link && <Link href={s.link} className="relative mt-5 inline-block rounded-md bg-white px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">{t('learnMore')}<span className="sr-only"> · {s.title}</span></Link>}
          </div>
        ))}
      </div>
      {footer && <div className="absolute bottom-4 left-6 hidden text-sm text-brand-100 md:left-12 md:block">{footer}</div>}
      {count > 1 && (
        <div className="absolute bottom-3 right-4 flex items-center gap-1">
          <button type="button" onClick={() => go(-1)} aria-label={t('previousSlide')} className="rounded-full p-1.5 hover:bg-white/20">{icons.previous}</button>
          {slides.map((s, i) => (
            <button key={s.id} type="button" onClick={() => setIndex(i)} aria-label={t('goToSlide', { n: i + 1 })} aria-current={i === index}
              className="flex h-6 min-w-6 items-center justify-center rounded-full">
              <span aria-hidden className={`block h-2 rounded-full transition-all ${i === index ? 'w-5 bg-white' : 'w-2 bg-white/50'}`} />
            </button>
          ))}
          <button type="button" onClick={() => go(1)} aria-label={t('nextSlide')} className="rounded-full p-1.5 hover:bg-white/20">{icons.next}</button>
          <button type="button" onClick={() => setPaused((p) => !p)} aria-label={paused ? t('play') : t('pause')} className="rounded-full p-1.5 hover:bg-white/20">
            {paused ? icons.play : icons.pause}
          </button>
        </div>
      )}
    </section>
  );
}
