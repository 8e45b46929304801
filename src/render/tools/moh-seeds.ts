/**
 * The geography of Mandate of Heaven on the Warring States base layer (brief §2.1, §2.8): the WS seeds under the
 * MoH ids, the two new cells and the widened lens. build-moh-geometry.ts turns them into the variant's geometry.json.
 */
import type { LensProjection } from '../projection.js';
import { CHINA_PROJECTION, WS_SEEDS, type LatLon } from './china-seeds.js';

/** The Warring States lens, widened: Qiang's seed lies at 100.5° E, Choson's at 126.6° E. */
export const MOH_PROJECTION: LensProjection = { ...CHINA_PROJECTION, west: 99.0, east: 128.2 };

/** Seeds beyond the renamed Warring States ones: the new cells, at the brief's §2.8 points. */
export const MOH_EXTRA_SEEDS: Record<string, LatLon[]> = {
  qia: [[35.0, 100.5]],
  cho: [
    [39.0, 125.8],
    [40.9, 126.6],
  ],
};

/** Land outside the game: southern Korea (Choson is Gojoseon, the north). */
export const MOH_OFFMAP_LAND: LatLon[] = [
  [37.0, 127.4],
  [36.0, 128.0],
];

/** The MoH seeds: every WS cell under its MoH id, then the extra seeds. */
export function mohSeeds(cells: Record<string, string>): Record<string, LatLon[]> {
  const seeds: Record<string, LatLon[]> = {};
  for (const [id, wsId] of Object.entries(cells)) {
    const ws = WS_SEEDS[wsId];
    if (!ws) throw new Error(`no Warring States seed for ${wsId} (MoH ${id})`);
    seeds[id] = ws.map(([lat, lon]) => [lat, lon]);
  }
  for (const [id, extra] of Object.entries(MOH_EXTRA_SEEDS)) seeds[id] = [...(seeds[id] ?? []), ...extra];
  return seeds;
}
