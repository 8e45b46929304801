/**
 * Warhammer's muster and revolt read the unit typed in their `detail` slot in English and in every locale's words
 * (src/variants/order-words.ts `unitTypeOfWord`): `flotte`, `艦隊`, `舰队`, `海軍` are fleets, `armée`, `陸軍` armies,
 * and a word that names no unit is refused with the units on offer, never read as an army. Through `runAction`
 * without a locale, so the plug-in itself reads the word (as in a sandbox, or from the order pad).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Position } from '../../src/engine/types.js';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import { resolveDuePhases, runAction } from '../../src/game/resolve/index.js';
import { t } from '../../src/i18n/index.js';
import { games, phases } from '../../src/store/schema.js';
import { dogsOfWarChoices } from '../../src/variants/warhammer/index.js';
import { CHANNEL, GM, err, internalErrors, makeEnv, ok, userOf, type TestEnv } from './helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

async function warhammerGame(seated: string[]) {
  ok(
    await createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'g',
      userId: GM,
      variantId: 'warhammer',
      durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
      vacateAfter: 0,
    }),
  );
  for (const power of seated) ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
  ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
}

const game = async () => (await env.deps.store.db.select().from(games))[0]!;
const currentPhase = async () =>
  (
    await env.deps.store.db
      .select()
      .from(phases)
      .where(eq(phases.id, (await game()).currentPhaseId!))
  )[0]!;
async function setBoard(change: (p: Position) => void) {
  const phase = await currentPhase();
  const position = structuredClone(phase.position);
  change(position);
  await env.deps.store.db.update(phases).set({ position }).where(eq(phases.id, phase.id));
}
const act = async (power: string, action: string, choice: string, detail: string) =>
  await runAction(env.deps, { channelId: CHANNEL, userId: userOf(power), by: 'player', action, choice, detail });

const FLEETS = ['F', 'fleet', 'flotte', 'Flotte', '艦隊', '舰队', '海軍', '海军'];
const ARMIES = ['A', 'army', 'armée', 'armee', '陸軍', '陆军'];

describe('the muster reads the unit in any locale’s words', () => {
  it.each([...FLEETS.map((w) => [w, 'a fleet'] as const), ...ARMIES.map((w) => [w, 'an army'] as const)])(
    '%s: %s',
    async (typed, unit) => {
      // Estalia does not answer, so the muster stays open (and Tilea's choice is the one stored).
      await warhammerGame(['Empire', 'Tilea', 'Estalia']);
      const [choice] = dogsOfWarChoices((await currentPhase()).position, ['Tilea']);
      const city = choice!.cities.find((c) => choice!.types[c]!.includes('F'))!;
      const r = ok(await act('Tilea', 'muster', city, typed));
      expect(t('en', r.message)).toContain(`Stored for Tilea: ${unit} in ${city}.`);
    },
  );

  it('a word that names no unit is refused with the units on offer, in the member’s locale', async () => {
    await warhammerGame(['Empire', 'Tilea', 'Estalia']);
    const [choice] = dogsOfWarChoices((await currentPhase()).position, ['Tilea']);
    const city = choice!.cities.find((c) => choice!.types[c]!.includes('F'))!;
    const refused = await act('Tilea', 'muster', city, 'Fantôme');
    expect(err(refused)).toBe('"Fantôme" is not a unit: choose army or fleet.');
    expect(!refused.ok && refused.message && t('fr', refused.message)).toBe(
      '« Fantôme » n’est pas une unité : choisissez armée ou flotte.',
    );
    const inland = choice!.cities.find((c) => !choice!.types[c]!.includes('F'));
    if (inland) expect(err(await act('Tilea', 'muster', inland, 'fleet'))).toMatch(/A fleet cannot start in/);
  });
});

describe('a revolt reads the unit in any locale’s words', () => {
  it('艦隊 is a fleet (refused inland), armée an army, a word that names no unit is refused', async () => {
    await warhammerGame(['Bretonnia', 'Empire', 'Wood Elves']);
    // The Wood Elves are conquered, fight on as the Empire's Sepoy, and have won three battles by the Winter.
    await setBoard((p) => {
      p.units = p.units.filter((u) => u.power !== 'Wood Elves' && u.province !== 'nuln');
      p.supplyCenters['Wood Elves'] = [];
      p.supplyCenters.Empire = [...p.supplyCenters.Empire!, 'athe'];
    });
    ok(
      await runAction(env.deps, {
        channelId: CHANNEL,
        userId: userOf('Wood Elves'),
        by: 'player',
        action: 'follow',
        choice: 'sepoy',
      }),
    );
    for (let i = 0; i < 2; i++) {
      env.clock.t = (await game()).deadlineMs! + 1;
      await resolveDuePhases(env.deps);
    }
    expect((await currentPhase()).position.phase.type).toBe('adjustment');
    await setBoard((p) => {
      (p.variantState as { followers: Record<string, { wins: number }> }).followers['Wood Elves']!.wins = 3;
    });

    expect(err(await act('Wood Elves', 'revolt', 'athe', '艦隊'))).toMatch(/^A fleet cannot be placed in athe/);
    expect(err(await act('Wood Elves', 'revolt', 'athe', 'cavalry'))).toBe(
      '"cavalry" is not a unit: choose army or fleet.',
    );
    expect(t('en', ok(await act('Wood Elves', 'revolt', 'athe', 'armée')).message)).toContain('with an army');
  });
});
