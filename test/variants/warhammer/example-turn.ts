/**
 * The seed's Example Turn (Warhammer) as a CLI case: Kislev's fleet dislodges the Empire from Middenheim with the
 * Vampire Counts' support, the Empire bounces in Reikland Forest and Bretonnia bounces at Altdorf.
 */
export const exampleTurnCase = {
  id: 'example-turn',
  variant: 'warhammer',
  phase: { season: 'spring', year: 2500, type: 'movement' },
  units: [
    { power: 'Empire', type: 'A', province: 'nuln' },
    { power: 'Empire', type: 'A', province: 'altd' },
    { power: 'Empire', type: 'F', province: 'midd' },
    { power: 'Bretonnia', type: 'A', province: 'wast' },
    { power: 'Bretonnia', type: 'A', province: 'reik' },
    { power: 'Kislev', type: 'F', province: 'claw' },
    { power: 'Vampire Counts', type: 'A', province: 'gfor' },
  ],
  orders: [
    { power: 'Empire', text: 'A Altd S A Nuln - Reik' },
    { power: 'Empire', text: 'A Nuln - Reik' },
    { power: 'Empire', text: 'F Midd H' },
    { power: 'Bretonnia', text: 'A Wast - Altd' },
    { power: 'Bretonnia', text: 'A Reik S A Wast - Altd' },
    { power: 'Kislev', text: 'F Claw - Midd' },
    { power: 'Vampire Counts', text: 'A Gfor S F Claw - Midd' },
  ],
};
