/**
 * The maps' font by name: the family the renderer registers (src/render/fonts.ts, Noto Sans SC) and the CSS font
 * strings the painter sets. Imports nothing, so the order pad's page (src/web/page) paints with the same strings on
 * its canvas, where the same family is served as a web font (docs/pad.md "Fonts").
 */
export const FONT_FAMILY = 'Zhanguo Sans';
/** CSS font-family list: ours first, then what the machine has. */
export const FONT_STACK = `"${FONT_FAMILY}", "DejaVu Sans", sans-serif`;

export function font(size: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${size.toFixed(1)}px ${FONT_STACK}`;
}
