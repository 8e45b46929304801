/**
 * Renders the Mandate of Heaven start (the Year of the Pig placement, every power's and neutral's starting unit,
 * the placement area's black band and both game rivers) to a PNG, to look at the map.
 *   npx tsx scripts/moh-render-sample.ts /tmp/moh.png
 */
import { writeFileSync } from 'node:fs';
import { renderMap } from '../src/render/index.js';
import { mandateOfHeaven as v } from '../src/variants/mandate-of-heaven/index.js';

async function main(): Promise<void> {
  const r = await renderMap(v, v.startingPosition(), { title: 'Mandate of Heaven — Winter 369 BC' });
  writeFileSync(process.argv[2] ?? '/tmp/moh.png', r.png);
  console.log(r.width, r.height);
}
void main();
