/**
 * The card game's data (board, deck, superiorities, dynasties), validated once at load. The file is a proposal, not
 * the publisher's (the seed's pictures are lost: docs/rules/card-game.md); what it holds: docs/cardgame.md "The board",
 * "The cards", "Colours".
 */
import { z } from 'zod';
import raw from './data.json' with { type: 'json' };

const SYMBOL_IDS = ['cavalry', 'chariot', 'crossbow', 'infantry', 'spy', 'fire', 'forest', 'mountain', 'wind'] as const;
const DYNASTY_IDS = ['chu', 'jin', 'qi', 'qin', 'yan'] as const;
const STATE_IDS = ['zhongshan', 'xing', 'ji', 'zhou', 'wey', 'gu', 'lu', 'zheng', 'song', 'xu', 'cai', 'chen'] as const;

export const symbolSchema = z.enum(SYMBOL_IDS);
export const dynastySchema = z.enum(DYNASTY_IDS);
export const stateIdSchema = z.enum(STATE_IDS);
export type SymbolId = z.infer<typeof symbolSchema>;
export type DynastyId = z.infer<typeof dynastySchema>;
export type StateId = z.infer<typeof stateIdSchema>;
export type Tactic = 'cavalry' | 'chariot' | 'crossbow' | 'infantry' | 'spy';
export type CardId = string;

const dataSchema = z.object({
  symbols: z.object({ tactics: z.array(symbolSchema), strategies: z.array(symbolSchema) }),
  superiorities: z.array(
    z.object({
      id: symbolSchema,
      symbolClass: z.enum(['tactic', 'strategy']),
      zh: z.string(),
      emoji: z.string(),
      effect: z.enum(['place', 'spy', 'fire', 'forest', 'mountain', 'wind']),
    }),
  ),
  dynasties: z.array(
    z.object({ id: dynastySchema, zh: z.string(), colour: z.string(), colourName: z.string(), ability: z.string() }),
  ),
  neutral: z.object({ colour: z.string() }),
  armiesPerDynasty: z.number().int().positive(),
  neutralArmies: z.number().int().positive(),
  deck: z.array(z.object({ id: z.string(), kind: z.enum(['bright', 'dark', 'wild']), symbols: z.array(symbolSchema) })),
  board: z.object({
    width: z.number(),
    height: z.number(),
    hexSize: z.number(),
    states: z.array(
      z.object({
        id: stateIdSchema,
        zh: z.string(),
        zhSimplified: z.string(),
        name: z.string(),
        x: z.number(),
        y: z.number(),
        strongholds: z.object({
          N: z.number(),
          NE: z.number(),
          SE: z.number(),
          S: z.number(),
          SW: z.number(),
          NW: z.number(),
        }),
        neighbours: z.array(stateIdSchema),
      }),
    ),
    strongholds: z.array(
      z.object({
        id: z.number().int(),
        x: z.number(),
        y: z.number(),
        states: z.array(stateIdSchema),
        adjacent: z.array(z.number().int()),
      }),
    ),
    roads: z.array(z.tuple([z.number().int(), z.number().int()])),
  }),
  victoryStates: z.record(z.string(), z.number().int()),
});

export const DATA = dataSchema.parse(raw);

export const SYMBOLS: readonly SymbolId[] = SYMBOL_IDS;
export const TACTICS = DATA.symbols.tactics as readonly Tactic[];
export const DYNASTIES: readonly DynastyId[] = DYNASTY_IDS;
export const STATE_ORDER: readonly StateId[] = DATA.board.states.map((s) => s.id);
export const ARMIES_PER_DYNASTY = DATA.armiesPerDynasty;

export function isTactic(s: SymbolId): s is Tactic {
  return (TACTICS as readonly string[]).includes(s);
}

/** States won to end the game, by number of seats (seed §8 and the 2-player variant rule 4). */
export function victoryStatesFor(seats: number): number {
  const v = DATA.victoryStates[String(seats)];
  if (v === undefined) throw new Error(`the card game is for 2 to 5 seats, not ${seats}`);
  return v;
}
