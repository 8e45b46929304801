/**
 * The page's texts: the `pad.*` templates of the viewer's locale, sent with the page (src/web/texts.ts), filled here
 * (their placeholders are plain `{name}`).
 */
export type Texts = (key: string, params?: Record<string, string | number>) => string;

export function texts(): Texts {
  const data = document.getElementById('pad-texts')?.textContent;
  const templates = (data ? JSON.parse(data) : {}) as Record<string, string>;
  document.documentElement.dataset.network = templates['pad.page.network'] ?? '';
  return (key, params) =>
    (templates[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
}
