/**
 * Pictures of the game kinds (src/game/core/kinds.ts): a kind with an engine of its own draws its table
 * itself (the card game's board and panels, src/render/cards/), through the same render worker and pool as the maps.
 * The worker finds the drawing by the kind's name here; its input is plain JSON (a public view), so it crosses
 * `postMessage` unchanged.
 */

export interface KindPicture {
  /** The name a render job carries (`{picture: {kind, input}}`). */
  kind: string;
  /** Draws the picture: PNG bytes. */
  draw(input: unknown): Promise<Buffer>;
}
