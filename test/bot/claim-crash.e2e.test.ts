/**
 * A substitute call's **Claim** under kill -9 (docs/bot.md "Seats that never stall"): the bot runs as a child process
 * against the stand-in; two members press Claim at the same moment and the process is killed with SIGKILL a seeded
 * random moment later (before, during or after the claim's transaction, before the reply). A new process starts at
 * once (the killed one's presses wait out Discord's 3 s meanwhile) and both members press again while the button
 * still offers the seat. Every round ends with exactly one new player for the seat, one channel notice and one DM to
 * that player, the other member refused, and the call's button disabled ("Taken").
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGame, joinGame, startGame } from '../../src/game/lobby/index.js';
import { gmSubstitute } from '../../src/game/seats/index.js';
import { openDatabase } from '../../src/store/db.js';
import { FakeDiscord } from '../support/fake-discord/index.js';
import { crashBot, type CrashBot } from '../support/crash-bot.js';
import { rng } from '../support/random.js';

const SEED = 20261124;
const POWERS = ['Austria', 'England', 'France', 'Germany', 'Italy'];

describe('kill -9 during a claim', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-claim-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('two presses and a kill still give exactly one new player per seat', { timeout: 180_000 }, async () => {
    const claimants = POWERS.flatMap((_, i) => [`a${i}`, `b${i}`]);
    const fake = await FakeDiscord.start({
      users: ['gm', ...POWERS.map((p) => p.toLowerCase()), ...claimants],
      channels: ['main'],
    });
    const dbPath = join(dir, 'bot.db');
    const database = openDatabase(dbPath);
    const random = rng(SEED);
    let bot: CrashBot | undefined;
    try {
      const deps = { store: sqliteStoreOf(database), now: () => Date.now() };
      const channelId = fake.channel('main').id;
      const gm = fake.user('gm').id;
      const created = await createGame(deps, {
        channelId,
        guildId: fake.guildId,
        userId: gm,
        variantId: 'classic',
        vacateAfter: 0,
      });
      if (!created.ok) throw new Error(created.error);
      for (const power of POWERS) {
        const joined = await joinGame(deps, { channelId, userId: fake.user(power.toLowerCase()).id, power });
        if (!joined.ok) throw new Error(joined.error);
      }
      if (!(await startGame(deps, { channelId, userId: gm })).ok) throw new Error('start');

      bot = crashBot(fake, { dbPath, stepMs: 0 });
      const until = async (what: string, done: () => boolean) => {
        const deadline = Date.now() + 30_000;
        while (!done()) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${bot?.log.slice(-2000)}`);
          await new Promise((r) => setTimeout(r, 25));
        }
      };
      const holderOf = (power: string) =>
        (database.sqlite.prepare('SELECT user_id FROM players WHERE power = ?').get(power) as { user_id: string })
          .user_id;

      await bot.start();
      const unanswered: Promise<unknown>[] = [];
      for (const [i, power] of POWERS.entries()) {
        const called = await gmSubstitute(deps, { channelId, userId: gm, power });
        if (!called.ok) throw new Error(called.error);
        await until(`the call for ${power}`, () =>
          fake.channelMessages('main').some((m) => m.content.includes(`Substitute wanted for ${power}`)),
        );
        const call = fake.channelMessages('main').find((m) => m.content.includes(`Substitute wanted for ${power}`))!;
        const [a, b] = [`a${i}`, `b${i}`];
        const presses = [a, b].map((u) => fake.click(u, call, { label: 'Claim' }).catch(() => null));
        await new Promise((r) => setTimeout(r, Math.floor(random() * 40)));
        await bot.kill();
        // The supervisor starts a new process at once; the killed one's presses wait out Discord's 3 s meanwhile.
        unanswered.push(...presses);
        await bot.start();
        // Pressed again after the restart while the button still offers the seat (a claim made before the kill
        // disables it by an edit, which may land between the look and the press: Discord refuses a disabled button).
        const open = fake.buttons(call).some((btn) => btn.label === 'Claim' && !btn.disabled);
        const again = open
          ? await Promise.all([a, b].map((u) => fake.click(u, call, { label: 'Claim' }).catch(() => null)))
          : [null, null];
        const winner = holderOf(power) === fake.user(a).id ? a : holderOf(power) === fake.user(b).id ? b : null;
        expect(winner, `${power} went to one of the two claimants`).not.toBeNull();
        const loser = winner === a ? b : a;
        const [mine, theirs] = winner === a ? again : [again[1], again[0]];
        if (mine) expect(mine.text).toMatch(new RegExp(`You (already took |now play \\*\\*)${power}`));
        if (theirs) expect(theirs.text).toMatch(/already been taken|already play/);
        await until(`the ${power} call's button disabled`, () =>
          fake.buttons(call).every((btn) => btn.label === 'Taken' && btn.disabled),
        );
        await until(`the notice for ${power}`, () =>
          fake.channelMessages('main').some((m) => m.content.includes(`took over **${power}**`)),
        );
        await until(`the DM to ${winner}`, () =>
          fake.dms(winner!).some((m) => m.content.includes(`You now play **${power}**`)),
        );
        expect(fake.dms(loser).filter((m) => m.content.includes('You now play'))).toEqual([]);
      }
      await Promise.all(unanswered);
      // Let the outbox settle, then count: one notice and one DM per seat, whatever the kills did.
      await until(
        'an empty outbox',
        () =>
          (
            database.sqlite
              .prepare('SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL')
              .get() as { n: number }
          ).n === 0,
      );
      for (const power of POWERS) {
        expect(
          fake.channelMessages('main').filter((m) => m.content.includes(`took over **${power}**`)),
          power,
        ).toHaveLength(1);
        const holder = holderOf(power);
        const name = claimants.find((u) => fake.user(u).id === holder)!;
        expect(
          fake.dms(name).filter((m) => m.content.includes(`You now play **${power}**`)),
          power,
        ).toHaveLength(1);
      }
    } finally {
      await bot?.stop();
      database.close();
      await fake.close();
    }
  });
});
