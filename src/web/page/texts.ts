/**
 * The page's texts: the `pad.*` templates of the viewer's locale, sent with the page (src/web/texts.ts), filled here
 * (their placeholders are plain `{name}`). A Chinese text is spaced as the bot's are (docs/locales.md "Chinese
 * spacing"): no space between a Chinese value and the Chinese around it (`你扮演秦`), one around a Latin one.
 */
import { markedValue, unspaced } from '../../i18n/chinese-spacing.js';

export type Texts = (key: string, params?: Record<string, string | number>) => string;

export function texts(): Texts {
  const data = document.getElementById('pad-texts')?.textContent;
  const templates = (data ? JSON.parse(data) : {}) as Record<string, string>;
  document.documentElement.dataset.network = templates['pad.page.network'] ?? '';
  const chinese = document.documentElement.lang.startsWith('zh');
  return (key, params) => fill(templates[key] ?? key, params, chinese);
}

/** A template with its `{name}` placeholders filled; in Chinese, spaced by `unspaced`. */
export function fill(template: string, params: Record<string, string | number> | undefined, chinese: boolean): string {
  const filled = template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!params || !(name in params)) return whole;
    return chinese ? markedValue(String(params[name])) : String(params[name]);
  });
  return chinese ? unspaced(filled) : filled;
}

/**
 * A variant's text shown as a button's label (an action, a choice), its first letter capitalised in the page's language
 * as every other button of the pad is (`Déclarer` beside `Tenir` and `Avancer`): the catalogues word these for the
 * slash commands' lists, in lower case.
 */
export function buttonLabel(text: string, lang: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const head = String.fromCodePoint(first);
  return head.toLocaleUpperCase(lang) + text.slice(head.length);
}
