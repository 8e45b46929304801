/**
 * What a game that hides who plays whom keeps from pairing a member with a power, in the game layer (docs/bot.md
 * "Hidden identities"): the record others read of a member (`/server player`, the `min-reliability` bar) leaves such a
 * game out until it ends; the status shows the players' own acts only at the marks of the clock, readiness only as a
 * count, and `/game status` not at all; `/ready` names no power it waits for; `/gm seats` tells the game master alone;
 * a sandbox opened from the exported file of such a game cannot be shared until it ends, as a copy of it cannot;
 * what the channel reads of one member's private act (a seat left, claimed or taken back, a pause proposed, closed DMs)
 * and a spectator's answer wait for the next mark too, unless a public event posts first; press and a request to watch
 * sent to a seat its player left are taken as for a seat with a player, and wait for the seat's next player.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGame, openSeatsListing, startGame } from '../../src/game/lobby/index.js';
import { deliverOutbox, PermanentDeliveryError, type DeliveryRow } from '../../src/game/delivery/index.js';
import { gameStatus } from '../../src/game/history/index.js';
import { gmCancel, gmExtend, gmReplace, gmSeats } from '../../src/game/gm/index.js';
import { claimSeat, gmSubstitute, leaveSeat, memberRecord } from '../../src/game/seats/index.js';
import { votePause } from '../../src/game/pauses/index.js';
import { confirmMuster, nextMusterAt, settleDueMusters } from '../../src/game/muster/index.js';
import { answerRequest, askToWatch, revokeWatcher, stopWatching } from '../../src/game/spectators/index.js';
import { sendPress } from '../../src/game/press/index.js';
import { resolvePhase, toggleReady } from '../../src/game/resolve/index.js';
import { submitOrders } from '../../src/game/orders/index.js';
import { voteDraw } from '../../src/game/votes/index.js';
import { gameFileInTurns } from '../../src/game/history/game-file.js';
import { inReadTransaction, noteMemberLocale } from '../../src/game/core/index.js';
import { loopTurns } from '../../src/game/core/loop-turns.js';
import { nextProgressMark, PROGRESS_EVERY_MS } from '../../src/game/outbox/marks.js';
import { PRESS_UNDELIVERED, STATUS_MARK_KEY } from '../../src/game/outbox/write.js';
import { auditLog, games } from '../../src/store/schema.js';
import { pinnedStatus } from '../../src/game/phase/index.js';
import { orderSandbox, sandboxShareRefusal, startSandboxFromFile } from '../../src/game/sandbox/sandbox.js';
import { msg, t } from '../../src/i18n/index.js';
import {
  CHANNEL,
  GM,
  internalErrors,
  joinPowers,
  makeEnv,
  ok,
  outboxRows,
  T0,
  userOf,
  type TestEnv,
} from './helpers.js';

let env: TestEnv;
beforeEach(async () => {
  internalErrors.length = 0;
  env = await makeEnv();
});
afterEach(async () => {
  await env.close();
  expect(internalErrors).toEqual([]);
});

const POWERS = ['England', 'France', 'Germany'];
const as = (power: string) => ({ channelId: CHANNEL, userId: userOf(power) });

async function game(press: 'open' | 'gunboat' | 'anonymous') {
  ok(await createGame(env.deps, { channelId: CHANNEL, guildId: 'guild-1', userId: GM, variantId: 'classic', press }));
  await joinPowers(env.deps, CHANNEL, POWERS);
  return ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM })).game.id;
}

/** Delivers what is due now (again after a pass a busy database cut short); returns the status texts sent. */
async function deliverDue(): Promise<string[]> {
  const statuses: string[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const stats = await deliverOutbox({
      store: env.deps.store,
      now: env.deps.now,
      send: async (row: DeliveryRow) => {
        if (row.kind === 'status') statuses.push((row.payload as { text: string }).text);
        return row.kind === 'status' ? { messageId: 'status-message' } : undefined;
      },
    });
    if (stats.retried === 0) break;
  }
  return statuses;
}

/** The pinned status's text as an edit delivered now would word it (English). */
async function pinText(): Promise<string> {
  const r = await inReadTransaction(env.deps, async (tx) => {
    const [game] = await tx.select().from(games);
    const status = await pinnedStatus(tx, game!, env.deps.now());
    return { ok: true, text: 'lines' in status ? status.lines.map((line) => t('en', line)).join('\n') : status.text };
  });
  return ok(r).text;
}

const record = async (power: string, viewer: string) =>
  ok(await memberRecord(env.deps, { guildId: 'guild-1', userId: userOf(power), viewerId: viewer })).record;

describe('the record others read of a member', () => {
  it("leaves out a game that hides who plays whom until it ends; the member's own shows it, saying so", async () => {
    const gameId = await game('gunboat');
    // France gives nothing: a missed phase, which the results show as "France · ⏰ missed".
    ok(await submitOrders(env.deps, { ...as('England'), text: 'F lon - nth; F edi - nwg; A lvp - yor' }));
    ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
    expect(await record('France', userOf('Germany'))).toMatchObject({ seated: 0, missed: 0, privatePhases: 0 });
    expect(await record('England', userOf('Germany'))).toMatchObject({ seated: 0, complete: 0 });
    expect(await record('France', userOf('France'))).toMatchObject({ seated: 1, missed: 1, privatePhases: 1 });
    // Once the game is over (the final post reveals its players), everyone reads it.
    for (const power of POWERS) ok(await voteDraw(env.deps, as(power)));
    expect(await record('France', userOf('Germany'))).toMatchObject({ seated: 1, missed: 1, gamesFinished: 1 });
    expect(await record('France', userOf('France'))).toMatchObject({ seated: 1, privatePhases: 0 });
  });

  it('reads an open game at once', async () => {
    const gameId = await game('open');
    ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
    expect(await record('France', userOf('Germany'))).toMatchObject({ seated: 1, missed: 1, privatePhases: 0 });
  });
});

describe("the players' progress in a game that hides who plays whom", () => {
  it('edits the status once at the next mark of the clock for every act until then, never at each act', async () => {
    await game('gunboat');
    await deliverDue();
    const mark = nextProgressMark(T0 + 60_000);
    expect(mark).toBe(T0 + PROGRESS_EVERY_MS);
    env.clock.t = T0 + 60_000;
    ok(await submitOrders(env.deps, { ...as('France'), text: 'A par - bur' }));
    env.clock.t = T0 + 120_000;
    ok(await toggleReady(env.deps, as('England')));
    // No edit queued for now: one, held for the mark (the players' joins before the start share it).
    const queued = (await outboxRows(env.deps)).filter(
      (r) => r.kind === 'status' && r.sentAt === null && r.failedAt === null && r.nextAttemptAt > T0,
    );
    expect(queued.map((r) => [r.dedupeKey, r.nextAttemptAt])).toEqual([[`${STATUS_MARK_KEY}1:${mark}`, mark]]);
    env.clock.t = mark - 1;
    expect(await deliverDue()).toEqual([]);
    env.clock.t = mark;
    const [shown, ...more] = await deliverDue();
    expect(more).toEqual([]);
    expect(shown).toMatch(/France \(a player\) .* · ✏️ some orders/);
    // Readiness is counted, never shown per power.
    expect(shown).not.toContain('🟢 ready');
    expect(shown).toContain('🟢 Ready: 1 of 3.');
    expect(shown).toContain('in batches, every five minutes');
  });

  it('an edit between two marks, or a late one, shows the progress at the last mark passed, none of the acts since', async () => {
    await game('gunboat');
    await deliverDue();
    env.clock.t = T0 + 60_000;
    ok(await submitOrders(env.deps, { ...as('France'), text: 'A par - bur' }));
    // The game master's act is public: its edit goes out at once, without France's orders of a minute ago.
    env.clock.t = T0 + 90_000;
    ok(await gmExtend(env.deps, { channelId: CHANNEL, userId: GM, duration: '1h' }));
    const [atGmAct] = await deliverDue();
    expect(atGmAct).toMatch(/France \(a player\) .* · ⏳ no orders/);
    // The mark's edit, sent late: France's orders (before the mark) show; Germany's and England's acts (after it) not.
    const mark = T0 + PROGRESS_EVERY_MS;
    env.clock.t = mark + 30_000;
    ok(await submitOrders(env.deps, { ...as('Germany'), text: 'A ber - kie' }));
    ok(await toggleReady(env.deps, as('England')));
    env.clock.t = mark + 40_000;
    const late = (await deliverDue()).at(-1)!;
    expect(late).toMatch(/France \(a player\) .* · ✏️ some orders/);
    expect(late).toMatch(/Germany \(a player\) .* · ⏳ no orders/);
    expect(late).toContain('🟢 Ready: 0 of 3.');
    // The next mark shows them.
    env.clock.t = mark + PROGRESS_EVERY_MS;
    const [next] = await deliverDue();
    expect(next).toMatch(/Germany \(a player\) .* · ✏️ some orders/);
    expect(next).toContain('🟢 Ready: 1 of 3.');
  });

  it("before the start, a member's join shows in the pin from the next mark, whichever edit words it", async () => {
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'g',
        userId: GM,
        variantId: 'classic',
        press: 'gunboat',
      }),
    );
    env.clock.t = T0 + 60_000;
    await joinPowers(env.deps, CHANNEL, ['England']);
    env.clock.t = T0 + 90_000;
    expect(await pinText()).toContain('Nobody has joined yet');
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    expect(await pinText()).toContain('Joined: 1 player');
  });

  it('an open game shows each act at once, readiness per power', async () => {
    await game('open');
    await deliverDue();
    ok(await toggleReady(env.deps, as('England')));
    const [shown] = await deliverDue();
    expect(shown).toMatch(/England .* · 🟢 ready/);
  });

  it('/game status shows none of it between two marks; /ready neither names nor counts the powers it waits for', async () => {
    await game('anonymous');
    ok(await submitOrders(env.deps, { ...as('France'), text: 'A par - bur' }));
    const status = ok(await gameStatus(env.deps, CHANNEL)).status;
    expect(status.text).not.toMatch(/✅|✏️|⏳|🟢/);
    expect(status.text).toContain("shows only in the channel's pinned status message");
    expect(status.powers.every((p) => !p.submitted && !p.ready && p.ordersStored === 0)).toBe(true);
    const ready = ok(await toggleReady(env.deps, as('France')));
    expect(ready).toMatchObject({ waitingFor: [], waiting: null });
  });

  it('a cap on early resolution is told to every player getting ready, not only when the others are', async () => {
    await game('gunboat');
    env.deps.limits = { phasesPerHour: 0 };
    const first = ok(await toggleReady(env.deps, as('England')));
    ok(await toggleReady(env.deps, as('France')));
    const last = ok(await toggleReady(env.deps, as('Germany')));
    expect(first.capped).not.toBeNull();
    // The same reply but for the power and its own units still without an order (`left`).
    expect({ ...last, power: 'England', left: null }).toEqual({ ...first, left: null });
    expect(first.left).not.toBeNull();
  });
});

describe('/gm seats', () => {
  it('tells the game master who holds which power, and nobody else', async () => {
    await game('gunboat');
    const seats = ok(await gmSeats(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(seats.hidden).toBe(true);
    expect(seats.seats.filter((s) => s.userId !== null).map((s) => [s.power, s.userId])).toEqual(
      POWERS.map((p) => [p, userOf(p)]),
    );
    expect(await gmSeats(env.deps, as('France'))).toMatchObject({
      ok: false,
      error: 'Only the game master can use `/gm` commands.',
    });
  });
});

describe('a sandbox opened from the file of a running game that hides who plays whom', () => {
  it('cannot be shared until that game ends, as a copy of the game cannot; an open game’s file can', async () => {
    const gameId = await game('gunboat');
    ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
    const { file } = ok(await gameFileInTurns(env.deps, CHANNEL, loopTurns()));
    expect(file.over).toBe(false);
    const place = { channelId: 'chan-elsewhere', guildId: 'guild-1', userId: userOf('France') };
    const opened = ok(await startSandboxFromFile(env.deps, { ...place, fileName: file.name, text: file.text }));
    expect(opened.sandbox.gameChannelId).toBe(CHANNEL);
    ok(await orderSandbox(env.deps, { userId: userOf('France'), text: 'F bre - mao' }));
    expect(await sandboxShareRefusal(env.deps, { userId: userOf('France') })).toEqual(
      msg('sandbox.refused.hiddenShare'),
    );
    // A member who plays nothing opens it too: still the running game's board, still not shared.
    const stranger = { ...place, userId: 'user-stranger' };
    ok(await startSandboxFromFile(env.deps, { ...stranger, fileName: file.name, text: file.text }));
    expect(await sandboxShareRefusal(env.deps, { userId: 'user-stranger' })).toEqual(
      msg('sandbox.refused.hiddenShare'),
    );
    // Once it is over, the final post revealed the players: the sandbox may be shared.
    for (const power of POWERS) ok(await voteDraw(env.deps, as(power)));
    expect(await sandboxShareRefusal(env.deps, { userId: userOf('France') })).toBeNull();
  });

  it('a file naming a game of another server is opened with no game behind it', async () => {
    const gameId = await game('open');
    ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
    const { file } = ok(await gameFileInTurns(env.deps, CHANNEL, loopTurns()));
    const other = { channelId: 'chan-x', guildId: 'guild-2', userId: 'user-stranger' };
    const opened = ok(await startSandboxFromFile(env.deps, { ...other, fileName: file.name, text: file.text }));
    expect(opened.sandbox.gameChannelId).toBe('');
    expect(await sandboxShareRefusal(env.deps, { userId: 'user-stranger' })).toBeNull();
  });
});

/** One row sent: its kind, where, its dedupe key, its text and its lines worded in the reader's language. */
interface Sent {
  kind: string;
  target: string;
  key: string;
  text: string;
  read: string;
}

/** Delivers what is due now; returns every row sent, in order. DMs to `closed` fail as closed DMs do. */
async function deliverAll(closed: readonly string[] = []): Promise<Sent[]> {
  const sent: Sent[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const stats = await deliverOutbox({
      store: env.deps.store,
      now: env.deps.now,
      send: async (row: DeliveryRow) => {
        if (row.targetKind === 'user' && closed.includes(row.target))
          throw new PermanentDeliveryError('Cannot send messages to this user', 'dm_closed');
        const text = ('text' in row.payload ? row.payload.text : undefined) ?? '';
        const lines = 'lines' in row.payload ? row.payload.lines : undefined;
        const read = lines ? lines.map((line) => t(row.locale ?? 'en', line)).join('\n') : text;
        sent.push({ kind: row.kind, target: row.target, key: row.dedupeKey, text, read });
        if (row.kind === 'status') return { messageId: 'status-message' };
        return row.kind === 'substitute_call' ? { messageId: `call-${row.id}` } : undefined;
      },
    });
    if (stats.retried === 0) break;
  }
  return sent;
}

/**
 * The channel's posts and edits in the order sent, the status edit last: it waits in a queue of its own and shows the
 * status as it is when sent, so where it falls among the posts of one delivery is not fixed.
 */
const inChannel = (sent: Sent[]) =>
  sent.filter((r) => r.target === CHANNEL).sort((a, b) => Number(a.kind === 'status') - Number(b.kind === 'status'));
const kinds = (sent: Sent[]) => inChannel(sent).map((r) => r.kind);

describe('a seat left, claimed or taken back in a game that hides who plays whom', () => {
  it('reaches the channel at the next mark of the clock, never right after the act; the member’s DM at once', async () => {
    await game('gunboat');
    await deliverAll();
    const mark = nextProgressMark(T0 + 60_000);
    env.clock.t = T0 + 60_000;
    ok(await leaveSeat(env.deps, as('France')));
    const atLeave = await deliverAll();
    expect(kinds(atLeave)).toEqual([]);
    expect(atLeave.map((r) => r.target)).toEqual([userOf('France')]);
    // Held for the mark: the call, the votes notice and one status edit (nothing else waits in the channel).
    const held = (await outboxRows(env.deps)).filter((r) => r.target === CHANNEL && r.sentAt === null);
    expect(held.map((r) => [r.kind, r.nextAttemptAt]).sort()).toEqual([
      ['notice', mark],
      ['status', mark],
      ['substitute_call', mark],
    ]);
    // Nor does what members read of the seats (`/game status`, `/game list`) show it before the mark.
    const franceLine = async () =>
      ok(await gameStatus(env.deps, CHANNEL))
        .status.text.split('\n')
        .find((l) => l.startsWith('France ('));
    const listed = async () => ok(await openSeatsListing(env.deps, 'guild-1', () => true)).games.map((g) => g.open);
    expect(await franceLine()).toMatch(/^France \(a player\)/);
    expect(await listed()).toEqual([]);
    env.clock.t = mark - 1;
    expect(await deliverAll()).toEqual([]);
    env.clock.t = mark;
    expect(await franceLine()).toMatch(/^France \(vacant: a substitute may claim it\)/);
    expect(await listed()).toEqual([1]);
    const atMark = await deliverAll();
    expect(kinds(atMark)).toEqual(['substitute_call', 'notice', 'status']);
    expect(inChannel(atMark)[0]!.text).toContain('Substitute wanted for France');
    expect(inChannel(atMark)[2]!.text).toMatch(/France \(vacant: a substitute may claim it\)/);

    // A substitute claims between two marks: only their own DM goes at once.
    const callId = (await outboxRows(env.deps)).find((r) => r.kind === 'substitute_call')!.payload as {
      callId: number;
    };
    env.clock.t = mark + 90_000;
    // A player pressing Claim to probe the call reads the same before and after the claim, never "too late".
    const probe = async () =>
      await claimSeat(env.deps, { channelId: CHANNEL, callId: callId.callId, userId: userOf('England') });
    const before = await probe();
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: callId.callId, userId: 'user-sub' }));
    expect(await probe()).toEqual(before);
    expect(before).toMatchObject({ ok: false, message: { key: 'seats.refused.alreadyPlaying' } });
    const atClaim = await deliverAll();
    expect(kinds(atClaim)).toEqual([]);
    expect(atClaim.map((r) => r.target)).toEqual(['user-sub']);
    expect(await franceLine()).toMatch(/^France \(vacant: a substitute may claim it\)/);
    expect(await listed()).toEqual([1]);
    env.clock.t = mark + PROGRESS_EVERY_MS - 1;
    expect(await deliverAll()).toEqual([]);
    env.clock.t = mark + PROGRESS_EVERY_MS;
    const next = await deliverAll();
    expect(kinds(next)).toEqual(['substitute_call_closed', 'notice', 'status']);
    expect(inChannel(next)[1]!.text).toBe('🪑 A substitute took over **France**.');
    expect(inChannel(next)[2]!.text).toMatch(/France \(a player\)/);
    expect(await franceLine()).toMatch(/^France \(a player\)/);
    expect(await listed()).toEqual([]);
    // Each went out once: nothing is left, nothing comes again.
    env.clock.t += 3 * PROGRESS_EVERY_MS;
    expect(await deliverAll()).toEqual([]);
  });

  it("a running muster's waiting list reads a seat left since the mark as its member's, until the mark", async () => {
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'guild-1',
        userId: GM,
        variantId: 'classic',
        press: 'gunboat',
        table: { muster: '12h' },
      }),
    );
    await joinPowers(env.deps, CHANNEL, POWERS);
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    await deliverAll();
    env.clock.t = T0 + 60_000;
    const lines = async () => ok(await gameStatus(env.deps, CHANNEL)).status.text;
    const before = await lines();
    expect(before).toMatch(/France/);
    ok(await leaveSeat(env.deps, as('France')));
    expect(await lines()).toEqual(before);
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    await deliverAll();
    expect(await lines()).not.toEqual(before);
  });

  it('a muster everyone else answered does not end at the leave of the last member who had not, but at the mark', async () => {
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'guild-1',
        userId: GM,
        variantId: 'classic',
        press: 'gunboat',
        table: { muster: '12h' },
      }),
    );
    await joinPowers(env.deps, CHANNEL, POWERS);
    const gameId = ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM })).game.id;
    await deliverAll();
    env.clock.t = T0 + 60_000;
    for (const power of ['England', 'Germany']) ok(await confirmMuster(env.deps, { gameId, userId: userOf(power) }));
    env.clock.t = T0 + PROGRESS_EVERY_MS + 60_000;
    await deliverAll();
    ok(await leaveSeat(env.deps, as('France')));
    // Ended now, the muster's post would come right after the leave (and bring the leave's held posts with it).
    expect((await settleDueMusters(env.deps)).settled).toBe(0);
    expect(inChannel(await deliverAll())).toEqual([]);
    const mark = T0 + 2 * PROGRESS_EVERY_MS;
    expect(await nextMusterAt(env.deps)).toBe(mark);
    env.clock.t = mark;
    expect((await settleDueMusters(env.deps)).settled).toBe(1);
    expect(inChannel(await deliverAll()).map((r) => r.kind)).toContain('substitute_call');
  });

  it('a member back on their own seat is announced at the next mark', async () => {
    await game('anonymous');
    env.clock.t = T0 + 60_000;
    ok(await leaveSeat(env.deps, as('Germany')));
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    await deliverAll();
    const call = (await outboxRows(env.deps)).find((r) => r.kind === 'substitute_call')!.payload as { callId: number };
    env.clock.t = T0 + PROGRESS_EVERY_MS + 200_000;
    expect(
      ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.callId, userId: userOf('Germany') })).returning,
    ).toBe(true);
    const atClaim = await deliverAll();
    expect(atClaim.map((r) => r.target)).toEqual([userOf('Germany')]);
    env.clock.t = T0 + 2 * PROGRESS_EVERY_MS;
    const atMark = inChannel(await deliverAll());
    expect(atMark.map((r) => r.kind)).toEqual(['substitute_call_closed', 'notice', 'status']);
    expect(atMark[1]!.text).toBe("🪑 **Germany**'s player is back on the seat.");
  });

  it('a public event before the mark takes what was held with it, first and once', async () => {
    const gameId = await game('gunboat');
    await deliverAll();
    env.clock.t = T0 + 60_000;
    ok(await leaveSeat(env.deps, as('France')));
    env.clock.t = T0 + 120_000;
    ok(await resolvePhase(env.deps, { gameId, reason: 'gm' }));
    const sent = kinds(await deliverAll());
    expect(sent.slice(0, 2)).toEqual(['substitute_call', 'notice']);
    expect(sent).toContain('phase_results');
    expect(sent.filter((k) => k === 'substitute_call')).toHaveLength(1);
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    // At the mark only the status edit held for it is left (the call and the notice went with the results).
    expect(kinds(await deliverAll())).toEqual(['status']);
  });

  it('a game that shows who plays whom posts the same at once', async () => {
    await game('open');
    await deliverAll();
    env.clock.t = T0 + 60_000;
    ok(await leaveSeat(env.deps, as('France')));
    expect(kinds(await deliverAll())).toEqual(['substitute_call', 'notice', 'status']);
    const call = (await outboxRows(env.deps)).find((r) => r.kind === 'substitute_call')!.payload as { callId: number };
    env.clock.t = T0 + 90_000;
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.callId, userId: 'user-sub' }));
    const atClaim = inChannel(await deliverAll());
    expect(atClaim.map((r) => r.kind)).toEqual(['substitute_call_closed', 'notice', 'status']);
    expect(atClaim[1]!.text).toBe('🪑 ⟦member:user-sub⟧ took over **France** as a substitute.');
  });
});

describe("other posts that follow one member's private act in a game that hides who plays whom", () => {
  it('a pause proposal and a closed-DMs notice wait for the mark; an open game posts them at once', async () => {
    for (const press of ['gunboat', 'open'] as const) {
      await env.close();
      env = await makeEnv();
      await game(press);
      await deliverAll();
      env.clock.t = T0 + 60_000;
      ok(await votePause(env.deps, as('England')));
      const leave = ok(await leaveSeat(env.deps, as('Germany')));
      expect(leave.power).toBe('Germany');
      // The leaving member's DM fails: the channel is asked to have them open their DMs.
      const atAct = kinds(await deliverAll([userOf('Germany')]));
      // (The proposal's status edit is coalesced with the leave's: one edit.)
      const expected = ['notice', 'substitute_call', 'notice', 'notice', 'status'];
      if (press === 'open') expect(atAct).toEqual(expected);
      else {
        expect(atAct).toEqual([]);
        env.clock.t = T0 + PROGRESS_EVERY_MS;
        const atMark = inChannel(await deliverAll());
        expect(atMark.map((r) => r.kind)).toEqual(['notice', 'substitute_call', 'notice', 'notice', 'status']);
        expect(atMark[0]!.text).toMatch(/A pause has been proposed/);
        // It lapses 24 hours after the mark that shows it, never after the act (its time would pair it with a member).
        const lapse = `⟦time:${T0 + PROGRESS_EVERY_MS + 24 * 3_600_000}:`;
        expect(atMark[0]!.read).toContain(lapse);
        expect(atMark[3]!.text).toMatch(/I cannot send direct messages to one of this game's players/);
        // Held for the mark with the rest: the closed-DMs notice came only after the leave's DM failed.
        expect(atMark[3]!.key).toBe(`dm-closed:1:${userOf('Germany')}`);
      }
    }
  });

  it('a player whose seat the game master offered learns at the next mark that a substitute claimed it', async () => {
    await game('gunboat');
    const call = ok(await gmSubstitute(env.deps, { channelId: CHANNEL, userId: GM, power: 'England' }));
    await deliverAll();
    env.clock.t = T0 + 60_000;
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.callId, userId: 'user-sub' }));
    expect((await deliverAll()).map((r) => r.target)).toEqual(['user-sub']);
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    const atMark = await deliverAll();
    expect(atMark.filter((r) => r.target === userOf('England')).map((r) => r.key)).toEqual([
      expect.stringMatching(/^claimed-previous:/),
    ]);
  });

  it('a vote for a pause proposed since the last mark reads as a proposal of its own until the mark', async () => {
    await game('gunboat');
    await deliverAll();
    env.clock.t = T0 + 60_000;
    const first = ok(await votePause(env.deps, as('England')));
    env.clock.t = T0 + 90_000;
    const second = ok(await votePause(env.deps, as('France')));
    expect(second).toEqual({ ...first, power: 'France' });
    ok(await votePause(env.deps, as('France')));
    // The channel is told once, at the mark; from then on a vote supports the proposal it read about.
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    expect(inChannel(await deliverAll()).filter((r) => /A pause has been proposed/.test(r.text))).toHaveLength(1);
    expect(ok(await votePause(env.deps, as('France'))).outcome).toBe('supported');
  });

  it('a pause vote reads a seat left since the mark as held: the vote after the leave pauses nothing yet', async () => {
    const outcomes: string[][] = [];
    for (const leaves of [false, true]) {
      await env.close();
      env = await makeEnv();
      await game('gunboat');
      await deliverAll();
      env.clock.t = T0 + 60_000;
      ok(await votePause(env.deps, as('England')));
      ok(await votePause(env.deps, as('Germany')));
      if (leaves) ok(await leaveSeat(env.deps, as('France')));
      // England probes: withdraw and vote again. Paused now, it would tell that France's player has just left.
      const probe = [ok(await votePause(env.deps, as('England'))), ok(await votePause(env.deps, as('England')))];
      outcomes.push(probe.map((r) => r.outcome));
      env.clock.t = T0 + PROGRESS_EVERY_MS;
      await deliverAll();
      // From the mark the channel knows the seat is empty: the next vote pauses.
      if (leaves) expect(ok(await votePause(env.deps, as('Germany'))).outcome).toBe('withdrawn');
      if (leaves) expect(ok(await votePause(env.deps, as('Germany'))).outcome).toBe('paused');
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
  });

  it('a member who claimed a seat since the mark votes for a pause at once', async () => {
    await game('gunboat');
    const call = ok(await gmSubstitute(env.deps, { channelId: CHANNEL, userId: GM, power: 'England' }));
    await deliverAll();
    env.clock.t = T0 + 60_000;
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.callId, userId: 'user-sub' }));
    expect(ok(await votePause(env.deps, { channelId: CHANNEL, userId: 'user-sub' })).outcome).toBe('proposed');
  });

  it("a spectator learns the player's answer at the next mark", async () => {
    await game('gunboat');
    await deliverAll();
    env.clock.t = T0 + 60_000;
    const asked = ok(await askToWatch(env.deps, { channelId: CHANNEL, userId: 'user-watcher', power: 'France' }));
    ok(await answerRequest(env.deps, { requestId: asked.requestId, userId: userOf('France'), answer: 'allow' }));
    expect((await deliverAll()).map((r) => r.target)).toEqual([userOf('France')]);
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    const atMark = await deliverAll();
    expect(atMark.filter((r) => r.target === 'user-watcher').map((r) => r.key)).toEqual([
      expect.stringMatching(/^spectate-answer:/),
    ]);
  });

  it('asking again before the mark reads the request as waiting; a denial counts its day from the mark', async () => {
    await game('gunboat');
    await deliverAll();
    env.clock.t = T0 + 60_000;
    const ask = async (power: string) =>
      await askToWatch(env.deps, { channelId: CHANNEL, userId: 'user-watcher', power });
    const asked = ok(await ask('France'));
    const waiting = await ask('France');
    const england = ok(await ask('England'));
    env.clock.t = T0 + 90_000;
    ok(await answerRequest(env.deps, { requestId: asked.requestId, userId: userOf('France'), answer: 'allow' }));
    ok(await answerRequest(env.deps, { requestId: england.requestId, userId: userOf('England'), answer: 'deny' }));
    // Before the mark, nothing the spectator asks tells that the players pressed (nor when).
    env.clock.t = T0 + 120_000;
    expect(await ask('France')).toEqual(waiting);
    expect(await ask('England')).toMatchObject({ ok: false, message: { key: 'spectate.refused.pending' } });
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    expect(await ask('France')).toMatchObject({ ok: false, message: { key: 'spectate.refused.already' } });
    const denied = await ask('England');
    expect(denied).toMatchObject({ ok: false, message: { key: 'spectate.refused.denied' } });
    expect(JSON.stringify(denied)).toContain(`⟦time:${T0 + PROGRESS_EVERY_MS + 24 * 3_600_000}:R⟧`);
    // France's player revokes between two marks: asked again before the next one, the spectator still watches.
    await deliverAll();
    env.clock.t = T0 + PROGRESS_EVERY_MS + 60_000;
    ok(await revokeWatcher(env.deps, { requestId: asked.requestId, userId: userOf('France') }));
    expect(await ask('France')).toMatchObject({ ok: false, message: { key: 'spectate.refused.already' } });
    env.clock.t = T0 + 2 * PROGRESS_EVERY_MS;
    await deliverAll();
    expect(ok(await ask('France')).requestId).toBe(asked.requestId);
  });

  it('a spectator who stops watching may ask again at once; a revocation holds until the mark after it', async () => {
    await game('gunboat');
    await deliverAll();
    const watcher = { channelId: CHANNEL, userId: 'user-watcher' };
    const ask = async () => await askToWatch(env.deps, { ...watcher, power: 'France' });
    const asked = ok(await ask());
    ok(await answerRequest(env.deps, { requestId: asked.requestId, userId: userOf('France'), answer: 'allow' }));
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    // Their own stop tells the spectator nothing they did not know: no mark to wait for.
    expect(ok(await stopWatching(env.deps, { ...watcher, power: 'France' })).watching).toBe(1);
    ok(await ask());
    ok(await answerRequest(env.deps, { requestId: asked.requestId, userId: userOf('France'), answer: 'allow' }));
    env.clock.t = T0 + 2 * PROGRESS_EVERY_MS;
    ok(await revokeWatcher(env.deps, { requestId: asked.requestId, userId: userOf('France') }));
    // Revoked right at a mark: the spectator's DM, and asking again, wait for the next one.
    env.clock.t = T0 + 3 * PROGRESS_EVERY_MS - 1;
    expect(await ask()).toMatchObject({ ok: false, message: { key: 'spectate.refused.already' } });
    env.clock.t = T0 + 3 * PROGRESS_EVERY_MS;
    expect(ok(await ask()).requestId).toBe(asked.requestId);
  });

  it("a player's /spectate stop of a waiting request reads as waiting until the mark, to its asker and others", async () => {
    await game('gunboat');
    await deliverAll();
    env.clock.t = T0 + 60_000;
    const ask = async (userId: string) => await askToWatch(env.deps, { channelId: CHANNEL, userId, power: 'France' });
    for (const userId of ['user-w1', 'user-w2', 'user-w3']) ok(await ask(userId));
    const before = { again: await ask('user-w1'), fourth: await ask('user-w4') };
    expect(before.fourth).toMatchObject({ ok: false, message: { key: 'spectate.refused.busy' } });
    // France's player ends every request between two marks: nothing anyone asks tells it (nor when) before the mark.
    env.clock.t = T0 + 90_000;
    expect(ok(await stopWatching(env.deps, as('France'))).asked).toBe(3); // three waiting requests, no spectator
    env.clock.t = T0 + 120_000;
    expect({ again: await ask('user-w1'), fourth: await ask('user-w4') }).toEqual(before);
    // Its asker withdraws the request as it still reads to them: waiting, not ended by the player.
    const stop = ok(await stopWatching(env.deps, { channelId: CHANNEL, userId: 'user-w2', power: 'France' }));
    expect({ watching: stop.watching, asked: stop.asked }).toEqual({ watching: 0, asked: 1 });
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    ok(await ask('user-w1'));
    ok(await ask('user-w4'));
  });

  it("an answer not yet told counts among a power's waiting requests", async () => {
    await game('gunboat');
    await deliverAll();
    env.clock.t = T0 + 60_000;
    const ask = async (userId: string) => await askToWatch(env.deps, { channelId: CHANNEL, userId, power: 'France' });
    const first = ok(await ask('user-w1'));
    ok(await ask('user-w2'));
    ok(await ask('user-w3'));
    env.clock.t = T0 + 90_000;
    ok(await answerRequest(env.deps, { requestId: first.requestId, userId: userOf('France'), answer: 'deny' }));
    expect(await ask('user-w4')).toMatchObject({ ok: false, message: { key: 'spectate.refused.busy' } });
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    ok(await ask('user-w4'));
  });

  it("a spectator's own stop withdraws an answer not yet told as the request it was: asking again reads alike", async () => {
    await game('gunboat');
    await deliverAll();
    const watcher = { channelId: CHANNEL, userId: 'user-watcher' };
    const ask = async (power: string) => await askToWatch(env.deps, { ...watcher, power });
    env.clock.t = T0 + 60_000;
    const england = ok(await ask('England'));
    ok(await ask('France'));
    const germany = ok(await ask('Germany'));
    ok(await answerRequest(env.deps, { requestId: germany.requestId, userId: userOf('Germany'), answer: 'allow' }));
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    await deliverAll();
    // Between the next two marks England's player denies and Germany's revokes; France's player does nothing.
    env.clock.t = T0 + PROGRESS_EVERY_MS + 60_000;
    ok(await answerRequest(env.deps, { requestId: england.requestId, userId: userOf('England'), answer: 'deny' }));
    ok(await revokeWatcher(env.deps, { requestId: germany.requestId, userId: userOf('Germany') }));
    // Each as the watcher was told of it: England's and France's requests withdrawn, Germany's watch stopped.
    const stop = async (power: string) => {
      const { watching, asked } = ok(await stopWatching(env.deps, { ...watcher, power }));
      return { watching, asked };
    };
    expect([await stop('England'), await stop('France'), await stop('Germany')]).toEqual([
      { watching: 0, asked: 1 },
      { watching: 0, asked: 1 },
      { watching: 1, asked: 0 },
    ]);
    expect(await ask('England')).toMatchObject({ ok: true, requestId: england.requestId });
    ok(await ask('France'));
    expect(await ask('Germany')).toMatchObject({ ok: true, requestId: germany.requestId });
    // Withdrawn, the answers are never told.
    env.clock.t = T0 + 2 * PROGRESS_EVERY_MS;
    expect(keysTo(await deliverAll(), 'user-watcher')).toEqual([]);
  });
});

/** The dedupe keys of what went to `user`, in the order sent. */
const keysTo = (sent: Sent[], user: string) => sent.filter((r) => r.target === user).map((r) => r.key);

describe('press and requests to watch a seat its player left, in a game that hides who plays whom', () => {
  /** An anonymous game whose France's player has just left (the channel learns it at the next mark). */
  async function franceLeft(): Promise<void> {
    await game('anonymous');
    await deliverAll();
    env.clock.t = T0 + 60_000;
    ok(await leaveSeat(env.deps, as('France')));
    await deliverAll();
  }
  const callId = async () =>
    ((await outboxRows(env.deps)).find((r) => r.kind === 'substitute_call')!.payload as { callId: number }).callId;
  const pressRow = async (key: string) => (await outboxRows(env.deps)).find((r) => r.dedupeKey === key)!;
  const undeliveredRows = async () =>
    await env.deps.store.db.select().from(auditLog).where(eq(auditLog.action, PRESS_UNDELIVERED));

  it('press is sent to France as to any power, kept for its next player, and reaches them after their seat DM', async () => {
    await franceLeft();
    const one = ok(await sendPress(env.deps, { ...as('England'), to: 'France', text: 'Belgium?' }));
    expect([one.sentTo, one.skipped]).toEqual([['France'], []]);
    const all = ok(await sendPress(env.deps, { ...as('Germany'), to: 'all', text: 'Peace' }));
    expect(all.sentTo).toEqual(['England', 'France']);
    expect(all.skipped.map((s) => s.power)).toEqual(['Austria', 'Italy', 'Russia', 'Turkey']);
    // Only the copies and Germany's press to England go out, now and at every mark: nobody reads France's yet.
    const meanwhile = await deliverAll();
    env.clock.t = T0 + 2 * PROGRESS_EVERY_MS + 60_000;
    meanwhile.push(...(await deliverAll()));
    expect(
      meanwhile
        .filter((r) => r.key.startsWith('press:'))
        .map((r) => r.key)
        .sort(),
    ).toEqual(['press:1:copy', 'press:2:England', 'press:2:copy']);
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: await callId(), userId: 'user-sub' }));
    const atClaim = await deliverAll();
    expect(keysTo(atClaim, 'user-sub')).toEqual([
      expect.stringMatching(/^claimed:/),
      'press:1:France',
      'press:2:France',
    ]);
    const kept = atClaim.find((r) => r.key === 'press:1:France')!.text;
    expect(kept).toContain('**Press from England** to **France**, sent while the seat was empty');
    expect(kept).toContain('Belgium?');
    expect(kept).not.toContain(userOf('England'));
    // Each once: nothing comes again.
    env.clock.t += 3 * PROGRESS_EVERY_MS;
    expect(keysTo(await deliverAll(), 'user-sub')).toEqual([]);
  });

  it("the sender learns only at the end, never at the claim nor at a mark, that a player's DMs are closed", async () => {
    await franceLeft();
    ok(await sendPress(env.deps, { ...as('England'), to: 'France', text: 'Belgium?' }));
    await deliverAll();
    env.clock.t = T0 + PROGRESS_EVERY_MS + 60_000;
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: await callId(), userId: 'user-sub' }));
    const atClaim = await deliverAll(['user-sub']);
    expect(keysTo(atClaim, userOf('England'))).toEqual([]);
    // Germany's player's DMs are closed too: press sent to a held seat.
    ok(await sendPress(env.deps, { ...as('England'), to: 'Germany', text: 'Munich?' }));
    ok(await sendPress(env.deps, { ...as('England'), to: 'Germany', text: 'Berlin?' }));
    env.clock.t = T0 + 3 * PROGRESS_EVERY_MS;
    // "France's player closed DMs" would pair France with a member known to have closed theirs (docs/bot.md).
    const atMarks = await deliverAll(['user-sub', userOf('Germany')]);
    expect(atMarks.filter((r) => r.target === userOf('England') && /press-undelivered/.test(r.key))).toEqual([]);
    expect(await undeliveredRows()).toHaveLength(3);
    ok(await voteDraw(env.deps, as('England')));
    ok(await voteDraw(env.deps, as('Germany')));
    expect(ok(await voteDraw(env.deps, { channelId: CHANNEL, userId: 'user-sub' })).end).not.toBeNull();
    const atEnd = await deliverAll(['user-sub', userOf('Germany')]);
    const told = atEnd.filter((r) => r.key.startsWith('press-undelivered-end:'));
    expect(told.map((r) => [r.target, r.read])).toEqual([
      [
        userOf('England'),
        [
          `📪 Your message to **France** (game in ⟦channel:${CHANNEL}⟧) never arrived: its player did not accept direct messages from server members. While the game hid who plays whom, saying so at once would have told which power that member played.`,
          `📪 Your 2 messages to **Germany** (game in ⟦channel:${CHANNEL}⟧) never arrived: its player did not accept direct messages from server members. While the game hid who plays whom, saying so at once would have told which power that member played.`,
        ].join('\n'),
      ],
    ]);
    // Told in the end's transaction, the refusals' audit rows are gone: the log does not keep them forever.
    expect(await undeliveredRows()).toEqual([]);
    env.clock.t += 3 * PROGRESS_EVERY_MS;
    expect((await deliverAll()).filter((r) => r.key.startsWith('press-undelivered'))).toEqual([]);
  });

  it("press refused by closed DMs posts no closed-DMs notice; the player's own DMs still do, at the mark", async () => {
    await game('anonymous');
    await deliverAll();
    env.clock.t = T0 + 60_000;
    // A notice at the next mark after a press to Germany alone would tell its sender that Germany's player closed DMs.
    ok(await sendPress(env.deps, { ...as('England'), to: 'Germany', text: 'Munich?' }));
    await deliverAll([userOf('Germany')]);
    env.clock.t = T0 + PROGRESS_EVERY_MS;
    const atMark = await deliverAll([userOf('Germany')]);
    expect(atMark.filter((r) => r.key.startsWith('dm-closed:'))).toEqual([]);
    // Germany's own act (its orders' confirmation) fails alike: that notice waits for the mark, as before.
    env.clock.t = T0 + PROGRESS_EVERY_MS + 60_000;
    ok(await submitOrders(env.deps, { ...as('Germany'), text: 'A mun - ruh' }));
    env.clock.t = T0 + 2 * PROGRESS_EVERY_MS - 1;
    expect((await deliverAll([userOf('Germany')])).filter((r) => r.key.startsWith('dm-closed:'))).toEqual([]);
    env.clock.t = T0 + 2 * PROGRESS_EVERY_MS;
    const later = await deliverAll([userOf('Germany')]);
    expect(later.filter((r) => r.key.startsWith('dm-closed:')).map((r) => r.key)).toEqual([
      `dm-closed:1:${userOf('Germany')}`,
    ]);
  });

  it('kept press is dropped when a computer player takes the seat, or when the game ends first', async () => {
    await franceLeft();
    ok(await sendPress(env.deps, { ...as('England'), to: 'France', text: 'Belgium?' }));
    ok(await gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power: 'France', computer: true }));
    expect((await pressRow('press:1:France')).lastError).toBe('dropped: the seat went to a computer player');
    // The sender is told, once, at the next mark of the clock (never at the hand-over itself).
    expect(keysTo(await deliverAll(), userOf('England')).filter((k) => k.startsWith('press-unread:'))).toEqual([]);
    env.clock.t += 3 * PROGRESS_EVERY_MS;
    const told = (await deliverAll()).filter((r) => r.key.startsWith('press-unread:'));
    expect(told.map((r) => [r.target, r.read])).toEqual([
      [
        userOf('England'),
        `📪 Your message to **France** (game in ⟦channel:${CHANNEL}⟧) was never read: the seat went to a computer player, which reads no press.`,
      ],
    ]);
    env.clock.t += 3 * PROGRESS_EVERY_MS;
    expect((await deliverAll()).filter((r) => r.key.startsWith('press-unread:'))).toEqual([]);
    await env.close();
    env = await makeEnv();
    await franceLeft();
    ok(await sendPress(env.deps, { ...as('England'), to: 'France', text: 'Belgium?' }));
    env.clock.t = T0 + PROGRESS_EVERY_MS + 1000; // the leave shows at the mark; a draw before it would tell it early
    ok(await voteDraw(env.deps, as('England')));
    expect(ok(await voteDraw(env.deps, as('Germany'))).end).not.toBeNull();
    expect((await pressRow('press:1:France')).lastError).toBe('dropped: the game ended before anyone took the seat');
    env.clock.t += 3 * PROGRESS_EVERY_MS;
    expect((await deliverAll()).filter((r) => r.key === 'press:1:France')).toEqual([]);
  });

  it('the game ends with the seat empty: each sender of kept press is told once, in their language, how many', async () => {
    await franceLeft();
    await noteMemberLocale(env.deps, userOf('England'), 'fr');
    ok(await sendPress(env.deps, { ...as('England'), to: 'France', text: 'Belgium?' }));
    ok(await sendPress(env.deps, { ...as('England'), to: 'France', text: 'Holland?' }));
    ok(await sendPress(env.deps, { ...as('Germany'), to: 'all', text: 'Peace' }));
    expect((await deliverAll()).filter((r) => r.key.includes('unread'))).toEqual([]);
    env.clock.t = T0 + PROGRESS_EVERY_MS + 1000; // the leave shows at the mark; a draw before it would tell it early
    ok(await voteDraw(env.deps, as('England')));
    expect(ok(await voteDraw(env.deps, as('Germany'))).end).not.toBeNull();
    const sent = await deliverAll();
    // After the DM that says the game ended.
    expect(keysTo(sent, userOf('England')).filter((k) => /^(end|press-unread):/.test(k))).toEqual([
      expect.stringMatching(/^end:/),
      expect.stringMatching(/^press-unread:/),
    ]);
    const unread = sent.filter((r) => r.key.startsWith('press-unread:'));
    // Two members' DMs: the order they leave in between them is no contract (it differs between the databases).
    expect(unread.map((r) => [r.target, r.read]).sort()).toEqual([
      [
        userOf('England'),
        `📪 Vos 2 messages à la **France** (partie dans ⟦channel:${CHANNEL}⟧) n’ont jamais été lus : personne n’a pris la place avant la fin de la partie.`,
      ],
      [
        userOf('Germany'),
        `📪 Your message to **France** (game in ⟦channel:${CHANNEL}⟧) was never read: nobody took the seat before the game ended.`,
      ],
    ]);
    for (const key of ['press:1:France', 'press:2:France', 'press:3:France'])
      expect((await pressRow(key)).lastError).toBe('dropped: the game ended before anyone took the seat');
    // Once: nothing comes again.
    env.clock.t += 3 * PROGRESS_EVERY_MS;
    expect((await deliverAll()).filter((r) => r.key.includes('unread'))).toEqual([]);
  });

  it('a cancelled game drops the kept press and tells its sender and the asker to watch the seat, once', async () => {
    await franceLeft();
    ok(await sendPress(env.deps, { ...as('England'), to: 'France', text: 'Belgium?' }));
    ok(await askToWatch(env.deps, { channelId: CHANNEL, userId: 'user-watcher', power: 'France' }));
    ok(await gmCancel(env.deps, { channelId: CHANNEL, userId: GM, canManageServer: false }));
    expect((await pressRow('press:1:France')).lastError).toBe('dropped: the game ended before anyone took the seat');
    const sent = await deliverAll();
    // After the DM that says the game ended.
    expect(keysTo(sent, userOf('England'))).toEqual([
      expect.stringMatching(/^end:\d+:cancel:/),
      expect.stringMatching(/^press-unread:/),
    ]);
    expect(keysTo(sent, 'user-watcher')).toEqual([expect.stringMatching(/^spectate-ended:/)]);
    env.clock.t += 3 * PROGRESS_EVERY_MS;
    expect(keysTo(await deliverAll(), 'user-watcher')).toEqual([]);
  });

  it('a request to watch the empty seat that nobody answered before the end: the asker hears once', async () => {
    await franceLeft();
    await noteMemberLocale(env.deps, 'user-watcher', 'zh-TW');
    ok(await askToWatch(env.deps, { channelId: CHANNEL, userId: 'user-watcher', power: 'France' }));
    env.clock.t = T0 + PROGRESS_EVERY_MS + 1000; // the leave shows at the mark; a draw before it would tell it early
    ok(await voteDraw(env.deps, as('England')));
    ok(await voteDraw(env.deps, as('Germany')));
    const ended = (await deliverAll()).filter((r) => r.target === 'user-watcher');
    expect(ended.map((r) => [r.key, r.read])).toEqual([
      [
        expect.stringMatching(/^spectate-ended:/),
        `👁 你觀看 ⟦channel:${CHANNEL}⟧ 中**法國**的請求無人答覆：對局已先結束。結束的對局對所有人公開：在頻道中用 \`/歷史\` 查看。`,
      ],
    ]);
    env.clock.t += 3 * PROGRESS_EVERY_MS;
    expect((await deliverAll()).filter((r) => r.target === 'user-watcher')).toEqual([]);
  });

  it('a request to watch the empty seat is answered as for a held one and asked of its next player', async () => {
    await franceLeft();
    const asked = ok(await askToWatch(env.deps, { channelId: CHANNEL, userId: 'user-watcher', power: 'France' }));
    expect(asked.answer.key).toBe('spectate.askedHidden');
    expect(await deliverAll()).toEqual([]);
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: await callId(), userId: 'user-sub' }));
    expect(keysTo(await deliverAll(), 'user-sub')).toEqual([
      expect.stringMatching(/^claimed:/),
      expect.stringMatching(/^spectate-ask:/),
    ]);
    ok(await answerRequest(env.deps, { requestId: asked.requestId, userId: 'user-sub', answer: 'allow' }));
  });

  it('a member who asked to watch the empty seat and then claims it is not asked their own request', async () => {
    await franceLeft();
    ok(await askToWatch(env.deps, { channelId: CHANNEL, userId: 'user-sub', power: 'France' }));
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: await callId(), userId: 'user-sub' }));
    expect(keysTo(await deliverAll(), 'user-sub')).toEqual([expect.stringMatching(/^claimed:/)]);
  });
});

describe('a request to watch follows the seat when it changes hands before the answer', () => {
  it('the next player is asked (the one who left can no longer answer); a computer player makes it lapse', async () => {
    await game('open');
    await deliverAll();
    const asked = ok(await askToWatch(env.deps, { channelId: CHANNEL, userId: 'user-watcher', power: 'France' }));
    expect(asked.answer.key).toBe('spectate.asked');
    ok(await leaveSeat(env.deps, as('France')));
    // In a game that shows who plays whom the channel says at once that the seat is empty: a new request is refused.
    const other = await askToWatch(env.deps, { channelId: CHANNEL, userId: 'user-other', power: 'France' });
    expect(other.ok).toBe(false);
    const call = (await outboxRows(env.deps)).find((r) => r.kind === 'substitute_call')!.payload as { callId: number };
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.callId, userId: 'user-sub' }));
    expect(keysTo(await deliverAll(), 'user-sub').some((k) => k.startsWith('spectate-ask:'))).toBe(true);
    const late = await answerRequest(env.deps, {
      requestId: asked.requestId,
      userId: userOf('France'),
      answer: 'allow',
    });
    expect(late.ok).toBe(false);
    ok(await gmReplace(env.deps, { channelId: CHANNEL, userId: GM, power: 'France', computer: true }));
    const lapsed = (await deliverAll()).filter((r) => r.target === 'user-watcher');
    expect(lapsed.map((r) => r.key)).toEqual([expect.stringMatching(/^spectate-lapsed:/)]);
    expect(lapsed[0]!.text).toContain('a computer player now plays it');
  });

  it('a request the next player never answers, or a held seat’s player never does, ends with the game: told once', async () => {
    await game('open');
    await deliverAll();
    const asked = ok(await askToWatch(env.deps, { channelId: CHANNEL, userId: 'user-watcher', power: 'France' }));
    ok(await askToWatch(env.deps, { channelId: CHANNEL, userId: 'user-other', power: 'Germany' }));
    ok(await leaveSeat(env.deps, as('France')));
    const call = (await outboxRows(env.deps)).find((r) => r.kind === 'substitute_call')!.payload as { callId: number };
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.callId, userId: 'user-sub' }));
    await deliverAll();
    for (const userId of [userOf('England'), userOf('Germany'), 'user-sub'])
      ok(await voteDraw(env.deps, { channelId: CHANNEL, userId }));
    const sent = await deliverAll();
    for (const [asker, power] of [
      ['user-watcher', 'France'],
      ['user-other', 'Germany'],
    ])
      expect(sent.filter((r) => r.target === asker).map((r) => r.text)).toEqual([
        `👁 Nobody answered your request to watch **${power}** in ⟦channel:${CHANNEL}⟧: the game ended first. The finished game is open to everyone: see it with \`/history\` in the channel.`,
      ]);
    const late = await answerRequest(env.deps, { requestId: asked.requestId, userId: 'user-sub', answer: 'allow' });
    expect(late.ok).toBe(false);
    env.clock.t += 3 * PROGRESS_EVERY_MS;
    expect((await deliverAll()).filter((r) => r.target.startsWith('user-') && r.key.startsWith('spectate'))).toEqual(
      [],
    );
  });
});
