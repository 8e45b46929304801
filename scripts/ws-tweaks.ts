/**
 * Changes to the brief's data, each with its reason (also recorded in docs/rules/warring-states.md).
 */
export const EDGE_CHANGES: { op: 'add' | 'remove'; a: string; b: string; reason: string }[] = [
  {
    op: 'add',
    a: 'ji',
    b: 'boh',
    reason:
      'Seed Fleets 1 gives "Army Ji Raise Fleet" as the example of the Raise order and Fleets 2 allows raising only on a coastal or river province, so Ji must touch the sea: a short Bo Hai coast (Tianjin) between Guangyang and Yuyang.',
  },
];
