/**
 * The game's file as the game layer reads it for `/history export` (src/game/history/game-file.ts; docs/bot.md, "Export and
 * import"): a Warhammer phase decided by a reported decisive battle carries that battle in its case, so the CLI's
 * `adjudicate` gives the game's results (without it, the provisional bounce); the phase under way is not in the file.
 */
import { first } from '../../../src/store/store.js';
import { afterEach, describe, expect, it } from 'vitest';
import { adjudicateCommand } from '../../../src/cli/commands/adjudicate.js';
import { gameFileInTurns } from '../../../src/game/history/game-file.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { gmAdvance, gmRollback } from '../../../src/game/gm/index.js';
import { resolveDuePhases, runAction } from '../../../src/game/resolve/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { loopTurns } from '../../../src/game/core/loop-turns.js';
import { type Msg, t } from '../../../src/i18n/index.js';
import { englishWords } from '../../support/english-left.js';
import { games, phases } from '../../../src/store/schema.js';
import { CHANNEL, GM, err, internalErrors, makeEnv, ok, startedGame, userOf, type TestEnv } from '../helpers.js';

const SEATED = ['Bretonnia', 'Empire', 'Wood Elves'];

describe('the game file (`/history export`) in the game layer', () => {
  let env: TestEnv;
  afterEach(async () => {
    await env?.close();
    expect(internalErrors).toEqual([]);
  });

  it('writes the reported battle into its phase, so `adjudicate` decides the phase as the game did', async () => {
    env = await makeEnv();
    const { deps } = env;
    ok(
      await createGame(deps, {
        channelId: CHANNEL,
        guildId: 'g',
        userId: GM,
        variantId: 'warhammer',
        durations: { movement: '24h', retreat: '12h', adjustment: '12h' },
        options: { decisiveBattles: 'gm' },
      }),
    );
    for (const power of SEATED) ok(await joinGame(deps, { channelId: CHANNEL, userId: userOf(power), power }));
    ok(await startGame(deps, { channelId: CHANNEL, userId: GM }));
    // Spring 2500: A cour and A altd bounce in the Wasteland; Bretonnia declares a decisive move and wins it.
    ok(await submitOrders(deps, { channelId: CHANNEL, userId: userOf('Bretonnia'), text: 'A cour - wast; F lang H' }));
    ok(
      await submitOrders(deps, {
        channelId: CHANNEL,
        userId: userOf('Empire'),
        text: 'A altd - wast; A nuln H; F midd H',
      }),
    );
    env.clock.t = first(await deps.store.db.select().from(games).limit(1))!.deadlineMs! + 1;
    await resolveDuePhases(deps);
    const act = async (userId: string, by: 'player' | 'gm', action: string, choice: string, detail: string | null) =>
      ok(await runAction(deps, { channelId: CHANNEL, userId, by, action, choice, detail }));
    await act(userOf('Bretonnia'), 'player', 'declare', 'move A cour', null);
    await act(userOf('Empire'), 'player', 'declare', 'none', null);
    await act(GM, 'gm', 'battle', 'wast', 'Bretonnia');
    const [spring] = await deps.store.db.select().from(phases);
    expect(spring!.resolvedAt).not.toBeNull();
    // Fall 2500 is under way with an order stored: it is not in the file.
    ok(await submitOrders(deps, { channelId: CHANNEL, userId: userOf('Bretonnia'), text: 'A wast - badl' }));

    const { file } = ok(await gameFileInTurns(deps, CHANNEL, loopTurns()));
    expect(file.name).toBe(`game-${spring!.gameId}-warhammer.json`);
    expect(file.phases).toBe(1);
    expect(file.text).not.toContain('A wast - badl');
    const [only] = JSON.parse(file.text) as { id: string; battles?: unknown[]; options?: unknown }[];
    expect(only).toMatchObject({
      id: 'S2500M',
      options: expect.objectContaining({ decisiveBattles: 'gm' }),
      battles: [expect.objectContaining({ province: 'wast', winner: 'Bretonnia' })],
    });

    const cli = await adjudicateCommand([], file.text);
    expect(cli.stderr).toBe('');
    const [out] = JSON.parse(cli.stdout) as { units: unknown; results: unknown }[];
    expect(out!.results).toEqual(spring!.adjudication!.results);
    expect(out!.units).toEqual(spring!.adjudication!.position.units);
    // Without the battle the file would say the armies bounced.
    const bare = await adjudicateCommand([], JSON.stringify([{ ...only, battles: undefined }]));
    const [provisional] = JSON.parse(bare.stdout) as { units: { province: string; power: string }[] }[];
    expect(provisional!.units.some((u) => u.province === 'wast')).toBe(false);
  });

  it('is refused, never half made, when a rollback comes between its pieces', async () => {
    env = await makeEnv();
    await startedGame(env.deps);
    const gm = { channelId: CHANNEL, userId: GM };
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par - bur' }));
    ok(await gmAdvance(env.deps, gm));
    ok(await gmAdvance(env.deps, gm));
    let pieces = 0;
    const turn = loopTurns();
    // The game master rolls Fall 1901 back after the file listed it, before the phases are read.
    // The piece's result (a promise for an async piece) is what the turn resolves to, as with `turn(piece)`.
    const rolledBack = <T>(piece: () => T): Promise<T> =>
      turn(async () => {
        if (++pieces === 2) ok(await gmRollback(env.deps, gm));
        return piece();
      }) as Promise<T>;
    const refused = await gameFileInTurns(env.deps, CHANNEL, rolledBack);
    expect(err(refused)).toMatch(/The game changed while its file/);
    // worded in the member's locale by the bot (replyRejected), with no English left
    const message = (refused as { message?: Msg }).message!;
    expect(t('fr', message)).toContain('relancez `/historique exporter`');
    expect(englishWords(t('zh-CN', message))).toEqual([]);
    // Asked again, it holds the phases played now.
    expect(ok(await gameFileInTurns(env.deps, CHANNEL, loopTurns())).file.phases).toBe(1);
  });
});
