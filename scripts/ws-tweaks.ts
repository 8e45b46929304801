/**
 * Changes to the brief's data, each with its reason (also recorded in docs/rules/warring-states.md).
 */
import tuned from './ws-geometry-tweaks.json' with { type: 'json' };

/**
 * Seed points added to the brief's (lat, lon): Donghu gets a third seed NE of Liaoxi so its cell meets Liaodong
 * (brief §4.2 adds Dhu–Lia: Yan's northern wall ends at Xiangping).
 */
export const EXTRA_SEEDS: Record<string, [number, number][]> = {
  dhu: [[42.8, 122.0]],
  // Ji's short Bo Hai coast (see EDGE_CHANGES)
  ji: [[39.5, 117.5]],
};

/** Seed points (lat, lon) moved by scripts/ws-tune.ts so the drawn Voronoi borders equal the adjacency. */
export const GEOMETRY_TWEAKS: Record<string, [number, number][]> = tuned as Record<string, [number, number][]>;

export const EDGE_CHANGES: { op: 'add' | 'remove'; a: string; b: string; reason: string }[] = [
  {
    op: 'add',
    a: 'ji',
    b: 'boh',
    reason:
      'Seed Fleets 1 gives "Army Ji Raise Fleet" as the example of the Raise order and Fleets 2 allows raising only on a coastal or river province, so Ji must touch the sea: a short Bo Hai coast (Tianjin) between Guangyang and Yuyang.',
  },
];
