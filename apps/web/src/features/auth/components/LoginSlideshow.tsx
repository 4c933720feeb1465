import { useEffect, useState } from 'react';
import type { MessageKey } from '../../../i18n/catalogue.ts';
import { useT } from '../../../i18n/useT.ts';
import { cn } from '../../../lib/cn.ts';

// Five illustrations that ship with the app (public/slides): no request leaves the origin
// (DESIGN.md section 6).
const SLIDES = [
  {
    src: '/slides/1-warehouse.svg',
    alt: 'auth.slideshow.warehouse.alt',
    title: 'auth.slideshow.warehouse.title',
    text: 'auth.slideshow.warehouse.text',
  },
  {
    src: '/slides/2-balances.svg',
    alt: 'auth.slideshow.balances.alt',
    title: 'auth.slideshow.balances.title',
    text: 'auth.slideshow.balances.text',
  },
  {
    src: '/slides/3-catalog.svg',
    alt: 'auth.slideshow.catalog.alt',
    title: 'auth.slideshow.catalog.title',
    text: 'auth.slideshow.catalog.text',
  },
  {
    src: '/slides/4-offers.svg',
    alt: 'auth.slideshow.offers.alt',
    title: 'auth.slideshow.offers.title',
    text: 'auth.slideshow.offers.text',
  },
  {
    src: '/slides/5-reports.svg',
    alt: 'auth.slideshow.reports.alt',
    title: 'auth.slideshow.reports.title',
    text: 'auth.slideshow.reports.text',
  },
] as const satisfies ReadonlyArray<{ src: string; alt: MessageKey; title: MessageKey; text: MessageKey }>;

const ADVANCE_MS = 6000;

/** The login page's slideshow of five images: advances by itself unless the user prefers less motion. */
export function LoginSlideshow() {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const id = window.setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), ADVANCE_MS);
    return () => window.clearInterval(id);
  }, [paused]);

  const current = SLIDES[index] ?? SLIDES[0];

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('auth.slideshow.label')}
      data-testid="login-slideshow"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      className="relative hidden overflow-hidden bg-gradient-to-br from-slate-900 via-slate-900 to-brand-900 lg:flex lg:flex-col lg:justify-center"
    >
      <div className="relative mx-auto aspect-[4/3] w-full max-w-2xl px-10">
        {SLIDES.map((slide, i) => (
          <img
            key={slide.src}
            src={slide.src}
            alt={t(slide.alt)}
            aria-hidden={i !== index}
            draggable={false}
            className={cn(
              'absolute inset-0 h-full w-full object-contain px-10 transition-opacity duration-700',
              i === index ? 'opacity-100' : 'opacity-0',
            )}
          />
        ))}
      </div>
      <div className="mx-auto mt-8 w-full max-w-md px-10 text-center" aria-live="polite">
        <p className="text-lg font-semibold text-white">{t(current.title)}</p>
        <p className="mt-2 text-sm text-slate-300">{t(current.text)}</p>
      </div>
      <div className="mt-8 flex justify-center gap-2">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.src}
            type="button"
            onClick={() => setIndex(i)}
            aria-label={t('auth.slideshow.slideLabel', { number: i + 1, total: SLIDES.length })}
            aria-current={i === index ? 'true' : undefined}
            className={cn(
              'h-2 rounded-full transition-all',
              i === index ? 'w-8 bg-white' : 'w-2 bg-white/35 hover:bg-white/60',
            )}
          />
        ))}
      </div>
    </section>
  );
}
