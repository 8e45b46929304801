/**
 * The HTML the pad serves: the page's shell (the bundled script and style, the viewer's texts and view as JSON data
 * blocks, which the Content-Security-Policy lets through since they never run) and the short pages of a refused
 * link (docs/pad.md "Refusals"), each saying why and what to do.
 */
import type { Locale } from '../i18n/index.js';
import type { PadRefusal } from '../game/pad/index.js';
import { webJson, word } from './texts.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** JSON inside a `<script type="application/json">`: no `<` can end the block early. */
const jsonData = (value: unknown, locale: Locale) => webJson(value, locale).replace(/</g, '\\u003c');

export interface ShellAssets {
  script: string;
  style: string;
  /** Fonts to preload (the Latin ones every map uses). */
  preload: string[];
}

export function padShell(opts: {
  locale: Locale;
  assets: ShellAssets;
  texts: Record<string, string>;
  /** The view, embedded so the page needs no second request before it can show the board's state. */
  view?: unknown;
  mode: 'link' | 'activity';
  /** The Activity's application id (the SDK needs it). */
  clientId?: string;
}): string {
  const { locale, assets } = opts;
  const preload = assets.preload
    .map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`)
    .join('');
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(word(locale, 'pad.title'))}</title>
<link rel="stylesheet" href="${assets.style}">${preload}
<script type="module" src="${assets.script}"></script></head>
<body data-mode="${opts.mode}"${opts.clientId ? ` data-client-id="${escapeHtml(opts.clientId)}"` : ''}><div id="pad" aria-live="polite"><p class="loading">${escapeHtml(word(locale, 'pad.page.loading'))}</p></div>
<script type="application/json" id="pad-texts">${jsonData(opts.texts, opts.locale)}</script>
${opts.view ? `<script type="application/json" id="pad-view">${jsonData(opts.view, opts.locale)}</script>` : ''}
</body></html>`;
}

const REASON_KEY = {
  malformed: 'pad.refusal.malformed',
  'seat-changed': 'pad.refusal.seatChanged',
  'no-game': 'pad.refusal.noGame',
  'game-over': 'pad.refusal.gameOver',
} as const;

/** A short page: what happened, and what to do. Nothing of the game is in it. */
export function messagePage(locale: Locale, style: string | null, title: string, lines: string[]): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>${style ? `<link rel="stylesheet" href="${style}">` : ''}</head>
<body><main class="message" data-refusal><h1>${escapeHtml(title)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</main></body></html>`;
}

/** What to do: a fresh link, except for a game that is over (`/orders pad` is refused there; its results stay). */
const whatToDo = (locale: Locale, refusal: PadRefusal): string =>
  word(locale, refusal.reason === 'game-over' ? 'pad.refusal.whatOver' : 'pad.refusal.what');

export function refusalPage(locale: Locale, style: string | null, refusal: PadRefusal): string {
  return messagePage(locale, style, word(locale, 'pad.refusal.title'), [
    word(locale, REASON_KEY[refusal.reason]),
    whatToDo(locale, refusal),
  ]);
}

/** The sentence of a refusal, for the API's JSON answers. */
export const refusalText = (locale: Locale, refusal: PadRefusal): string =>
  `${word(locale, REASON_KEY[refusal.reason])} ${whatToDo(locale, refusal)}`;
