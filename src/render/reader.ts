/**
 * A picture's drawing options for one reader (docs/locales.md "Names"): labels and legend in `locale`, and the title
 * worded from `title` (by default the picture's `caption`, src/game/history/render-input.ts); English pictures are
 * drawn as they always were. Only drawing options are left, so the job crosses to the render worker.
 */
import { type Locale, type Msg, t } from '../i18n/index.js';
import type { RenderOptions } from './build-scene.js';

export function forReader<T extends RenderOptions>(
  opts: T & { caption?: Msg },
  locale: Locale,
  title: Msg | null = opts.caption ?? null,
): T {
  const { caption: _caption, ...drawing } = opts;
  if (locale === 'en') return drawing as T;
  return { ...drawing, locale, ...(title ? { title: t(locale, title) } : {}) } as T;
}
