/** The scene `cli render` draws for a case, from its own case handling (ballots, `variantState`, `players`, `options`, `battles`). */
import { renderCaseOf, renderOptionsOf } from '../../src/cli/commands/render.js';
import { parseFlags } from '../../src/cli/io.js';
import type { Variant } from '../../src/engine/variant.js';
import { buildScene, type Scene } from '../../src/render/index.js';

export async function sceneOfRenderCase(
  raw: unknown,
): Promise<{ scene: Scene; diagnostics: string[]; overlays: number; variant: Variant }> {
  const c = await renderCaseOf(raw, parseFlags([], []));
  const r = buildScene(c.variant, c.position, renderOptionsOf(c));
  if (!r.ok) throw new Error(r.error);
  return { scene: r.scene, diagnostics: c.diagnostics, overlays: c.overlays?.length ?? 0, variant: c.variant };
}
