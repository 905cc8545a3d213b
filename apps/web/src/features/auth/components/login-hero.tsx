import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';

const PREVIEW_COLUMNS = [
  { key: 'cold', dot: 'bg-sky-300', cards: [0.8, 0.55, 0.7] },
  { key: 'warm', dot: 'bg-amber-300', cards: [0.65, 0.85] },
  { key: 'hot', dot: 'bg-orange-400', cards: [0.75, 0.5, 0.6] },
  { key: 'closed', dot: 'bg-emerald-300', cards: [0.9] },
] as const;

/** The login page's marketing panel: title, subtitle, a sketch of the pipeline, and attribution. */
export function LoginHero() {
  const { t } = useTranslation('auth');
  return (
    <aside className="relative hidden overflow-hidden bg-indigo-950 text-white lg:flex lg:flex-col lg:justify-between lg:p-12">
      {/* Soft light behind the text; purely decorative. */}
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_15%,rgb(129_140_248/0.45),transparent_45%),radial-gradient(circle_at_85%_80%,rgb(192_132_252/0.3),transparent_50%)]"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.04)_1px,transparent_1px)] bg-[size:48px_48px]"
      />

      <div className="relative space-y-6">
        <span className="inline-flex items-center rounded-full border border-white/15 bg-white/10 px-3 py-1 text-xs font-medium tracking-wide text-indigo-100 uppercase">
          {t('hero.eyebrow')}
        </span>
        <h2 className="max-w-lg text-4xl leading-tight font-semibold tracking-tight text-balance 2xl:text-5xl">
          {t('hero.title')}
        </h2>
        <p className="max-w-md text-lg text-pretty text-indigo-100/80">{t('hero.subtitle')}</p>
      </div>

      <div aria-hidden className="relative my-8 grid max-w-xl grid-cols-4 gap-3">
        {PREVIEW_COLUMNS.map((column) => (
          <div key={column.key} className="rounded-xl border border-white/10 bg-white/5 p-3 backdrop-blur-sm">
            <div className="mb-3 flex items-center gap-2 text-xs font-medium text-indigo-100">
              <span className={`size-2 rounded-full ${column.dot}`} />
              <span className="truncate">{t(`hero.columns.${column.key}`)}</span>
            </div>
            <div className="space-y-2">
              {column.cards.map((width, index) => (
                <div key={index} className="space-y-1.5 rounded-lg bg-white/10 p-2.5">
                  <div className="h-1.5 rounded-full bg-white/60" style={{ width: `${width * 100}%` }} />
                  <div className="h-1.5 w-1/2 rounded-full bg-white/25" />
                </div>
              ))}
            </div>
          </div>
        ))}
      </div>

      <footer className="relative flex items-center gap-3 text-sm text-indigo-100/80">
        <Logo iconOnly className="[&_rect]:fill-white/15 [&_path]:fill-white" />
        <span>{t('hero.attribution')}</span>
      </footer>
    </aside>
  );
}
