/**
 * The `adjacency` field `maps show` writes (docs/cli.md: the union of army and fleet moves, by province) is not read:
 * moves come from `armyAdjacency` and `fleetAdjacency`. A variant maker who edits the output of `maps show` and adds a
 * move to `adjacency` alone would see it silently dropped, so a file carrying `adjacency` must agree with the moves
 * read (docs/variants.md "Variant files"); one problem per province that differs, naming what differs.
 */
import { GameMap } from '../engine/map.js';
import type { VariantData } from './schema.js';

/** The problems of a file's `adjacency` field against the moves read; none when the file has no such field. */
export function shownAdjacencyProblems(raw: unknown, data: VariantData): string[] {
  if (typeof raw !== 'object' || raw === null || !('adjacency' in raw)) return [];
  const given = (raw as { adjacency: unknown }).adjacency;
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    return ['adjacency: expected {province: [province]} (as maps show writes it), or leave it out'];
  // The moves by province as `maps show` writes them: the map's own union of army and fleet moves.
  const map = new GameMap(data);
  const ids = [...new Set([...Object.keys(given), ...map.provinceIds()])].sort();
  return ids.flatMap((id) => {
    const list = (given as Record<string, unknown>)[id];
    const mine = new Set(Array.isArray(list) ? list.map(String) : []);
    const read = map.neighbours(id);
    const extra = [...mine].filter((to) => !read.has(to)).sort();
    const missing = [...read].filter((to) => !mine.has(to)).sort();
    if (extra.length === 0 && missing.length === 0) return [];
    const parts = [
      ...(extra.length > 0 ? [`${extra.join(', ')} not in armyAdjacency or fleetAdjacency`] : []),
      ...(missing.length > 0 ? [`${missing.join(', ')} missing`] : []),
    ];
    return [
      `adjacency ${id}: ${parts.join('; ')} (moves are read from armyAdjacency and fleetAdjacency; adjacency, as maps show writes it, must agree or be left out)`,
    ];
  });
}
