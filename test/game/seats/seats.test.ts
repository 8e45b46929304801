/**
 * Seats that never stall (src/game/seats/seats.ts, seat-record.ts, nmr.ts): the record's arithmetic, vacant seats after
 * `vacate-after` silent phases, substitute calls and the first claim, `min-reliability`, and the computer player's
 * missing orders under `nmr: computer`.
 */
import { first } from '../../../src/store/store.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { claimSeat, gmSubstitute, leaveSeat, leaveSeatRefusal, memberRecord } from '../../../src/game/seats/index.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import { gameStatus, history } from '../../../src/game/history/index.js';
import { gmAdvance, gmCancel, gmExtend, gmPause, gmResume } from '../../../src/game/gm/index.js';
import { deliverOutbox } from '../../../src/game/delivery/index.js';
import { resolveDuePhases, toggleReady } from '../../../src/game/resolve/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { voteDraw } from '../../../src/game/votes/index.js';
import { onTimeRate, seatOutcome, NMR_COMPUTER } from '../../../src/game/seats/record.js';
import { awaitsMissingOrders, NMR_GRACE_MS } from '../../../src/game/seats/nmr.js';
import { storeMissingOrders } from '../../../src/game/computer/nmr-filler.js';
import { ordersOf, playersOf } from '../../../src/store/queries.js';
import { games, seatRecords, substituteCalls, votes } from '../../../src/store/schema.js';
import { t, type Msg } from '../../../src/i18n/index.js';
import { CHANNEL, err, GM, makeEnv, ok, outboxRows, userOf, type TestEnv } from '../helpers.js';

let env: TestEnv;
beforeEach(async () => {
  env = await makeEnv();
});
afterEach(async () => await env.close());

async function game(
  options: {
    nmr?: string;
    vacateAfter?: number;
    minReliability?: number;
    computerLevel?: string;
    computer?: string;
  } = {},
  powers = ['England', 'France', 'Germany'],
) {
  ok(
    await createGame(env.deps, {
      channelId: CHANNEL,
      guildId: 'guild-1',
      userId: GM,
      variantId: 'classic',
      durations: { movement: '1h', retreat: '1h', adjustment: '1h' },
      ...options,
    }),
  );
  for (const power of powers) ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
  return ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
}

const row = async () => first(await env.deps.store.db.select().from(games).limit(1))!;
const deadline = async () => {
  env.clock.t = (await row()).deadlineMs!;
  return await resolveDuePhases(env.deps);
};

describe('the reliability record', () => {
  it('counts a phase complete, partial or missed from the orders the member gave themselves', () => {
    const duties = {
      units: [
        { power: 'England', type: 'F' as const, province: 'lon', coast: null },
        { power: 'England', type: 'A' as const, province: 'lvp', coast: null },
      ],
      builds: 0,
      disbands: 0,
      buildSites: [],
    };
    const hold = (province: string) => ({
      unitKey: province,
      order: { kind: 'hold', unit: { type: 'A', province } } as never,
    });
    expect(seatOutcome(duties, [])).toBe('missed');
    expect(seatOutcome(duties, [hold('lon')])).toBe('partial');
    expect(seatOutcome(duties, [hold('lon'), hold('lvp')])).toBe('complete');
  });

  it('the on-time rate is complete ÷ seated, rounded down, and none before any phase', () => {
    expect(onTimeRate(0, 0)).toBeNull();
    expect(onTimeRate(2, 3)).toBe(66);
    expect(onTimeRate(10, 10)).toBe(100);
  });

  it('records each member once per phase with something to decide; computer-given orders count as missed', async () => {
    await game({ nmr: 'computer', vacateAfter: 0 });
    ok(
      await submitOrders(env.deps, {
        channelId: CHANNEL,
        userId: userOf('England'),
        text: 'F lon - nth; F edi - nwg; A lvp - yor',
      }),
    );
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('France'), text: 'A par - bur' }));
    env.clock.t = (await row()).deadlineMs!;
    expect(await resolveDuePhases(env.deps)).toMatchObject({ resolved: 0, awaiting: 1 });
    const phaseId = (await row()).currentPhaseId!;
    // The computer player's answer for France's and Germany's missing units (one of them a second order for A par).
    await storeMissingOrders(env.deps, {
      gameId: (await row()).id,
      phaseId,
      answers: [
        { power: 'France', texts: ['A par - pic', 'F bre - mao', 'A mar - spa'] },
        { power: 'Germany', texts: ['A ber - kie', 'F kie - den', 'A mun - ruh'] },
      ],
    });
    const france = await ordersOf(env.deps.store.db, phaseId, 'France');
    expect(france.find((o) => o.unitKey === 'par')).toMatchObject({
      text: 'A par - bur',
      submittedBy: userOf('France'),
    });
    expect(
      france
        .filter((o) => o.submittedBy === NMR_COMPUTER)
        .map((o) => o.text)
        .sort(),
    ).toEqual(['A mar - spa', 'F bre - mao']);
    expect((await resolveDuePhases(env.deps)).resolved).toBe(1);
    const outcomes = (await env.deps.store.db.select().from(seatRecords)).map((r) => [r.power, r.outcome]);
    expect(outcomes.sort()).toEqual([
      ['England', 'complete'],
      ['France', 'partial'],
      ['Germany', 'missed'],
    ]);
    // The computer player's orders are marked where they stand, beside the player's own; "Next:" ends the post.
    const results = (await outboxRows(env.deps)).find((r) => r.kind === 'phase_results')!;
    const text = (results.payload as { text: string }).text;
    expect(text).toContain('__France__ · 🤖 2 given by the computer player\n');
    expect(text).toMatch(/\n(✅|❌) `A par - bur`/);
    expect(text).toMatch(/\n(✅|❌) 🤖 `F bre - mao`/);
    expect(text).toMatch(/\n(✅|❌) 🤖 `A mar - spa`/);
    expect(text).toContain('__Germany__ · 🤖 3 given by the computer player\n');
    expect(text.split('\n').at(-1)).toMatch(/^Next: \*\*Fall 1901 movement\*\*/);
    const dms = (await outboxRows(env.deps)).filter((r) => r.dedupeKey.startsWith('nmr:'));
    expect(dms.map((d) => d.target).sort()).toEqual([userOf('France'), userOf('Germany')]);
    const dmOf = (user: string) => (dms.find((d) => d.target === user)!.payload as { text: string }).text;
    expect(dmOf(userOf('France'))).toMatch(
      /^🤖 Your orders for \*\*France\*\* were incomplete at the deadline .* so the computer player gave the missing ones: `F bre - mao`, `A mar - spa`\. Your own orders stood as you gave them\.$/,
    );
    expect(dmOf(userOf('Germany'))).toMatch(
      /^🤖 You gave no orders for \*\*Germany\*\* by the deadline of \*\*Spring 1901 movement\*\* in .*, so the computer player gave them all: `A ber - kie`/,
    );
    expect(dmOf(userOf('Germany'))).not.toContain('Your own orders');
    const record = ok(
      await memberRecord(env.deps, { guildId: 'guild-1', userId: userOf('France'), viewerId: 'someone-else' }),
    ).record;
    expect(record).toMatchObject({ seated: 1, complete: 0, partial: 1, missed: 0, onTimeRate: 0, seatsVacated: 0 });
  });

  it('waits for the missing orders at most a minute past the deadline', () => {
    expect(awaitsMissingOrders({ nmr: 'computer', deadlineMs: 1000 }, { missingFilledAt: null }, 1000 + 59_999)).toBe(
      true,
    );
    expect(awaitsMissingOrders({ nmr: 'computer', deadlineMs: 1000 }, { missingFilledAt: null }, 1000 + 60_000)).toBe(
      false,
    );
    expect(awaitsMissingOrders({ nmr: 'hold', deadlineMs: 1000 }, { missingFilledAt: null }, 1001)).toBe(false);
  });
});

describe('vacant seats and substitute calls', () => {
  it('a member silent for vacate-after phases in a row loses the seat; the channel gets one call', async () => {
    await game({ vacateAfter: 2 });
    const orderAll = async (powers: string[]) => {
      for (const p of powers) {
        const units = {
          England: 'F lon H; F edi H; A lvp H',
          France: 'A par H; F bre H; A mar H',
          Germany: 'A ber H; F kie H; A mun H',
        }[p]!;
        ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf(p), text: units }));
      }
    };
    await orderAll(['England', 'France']);
    await deadline(); // Spring: Germany silent once
    expect(await env.deps.store.db.select().from(substituteCalls)).toHaveLength(0);
    await orderAll(['England', 'France']);
    await deadline(); // Fall: Germany silent twice (no retreats, no builds: Winter has nothing to decide)
    const calls = await env.deps.store.db.select().from(substituteCalls);
    expect(calls).toMatchObject([{ power: 'Germany', reason: 'silent', vacatedBy: userOf('Germany'), closedAt: null }]);
    expect((await playersOf(env.deps.store.db, (await row()).id)).find((p) => p.power === 'Germany')!.userId).toBe(
      'vacant:Germany',
    );
    const posts = (await outboxRows(env.deps)).filter((r) => r.kind === 'substitute_call');
    expect(posts).toHaveLength(1);
    expect((posts[0]!.payload as { text: string }).text).toMatch(
      /Substitute wanted for Germany.*stopped giving orders/s,
    );
    // The silent member can no longer order; the vacant seat gets no DM.
    expect(
      err(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Germany'), text: 'A ber H' })),
    ).toMatch(/not playing/);
    expect((await outboxRows(env.deps)).some((r) => r.target === 'vacant:Germany')).toBe(false);
    const record = ok(
      await memberRecord(env.deps, { guildId: 'guild-1', userId: userOf('Germany'), viewerId: 'someone-else' }),
    ).record;
    expect(record).toMatchObject({ seated: 2, missed: 2, onTimeRate: 0, seatsVacated: 1 });
  });

  it('a member who claims back their own seat is back (no substitute) and starts a new streak of missed phases', async () => {
    await game({ vacateAfter: 2 });
    const orderAll = async () => {
      ok(
        await submitOrders(env.deps, {
          channelId: CHANNEL,
          userId: userOf('England'),
          text: 'F lon H; F edi H; A lvp H',
        }),
      );
      ok(
        await submitOrders(env.deps, {
          channelId: CHANNEL,
          userId: userOf('France'),
          text: 'A par H; F bre H; A mar H',
        }),
      );
    };
    await orderAll();
    await deadline(); // Spring 1901: Germany silent once
    await orderAll();
    await deadline(); // Fall 1901: twice, so the seat is vacant
    const call = first(await env.deps.store.db.select().from(substituteCalls).limit(1))!;
    const back = ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.id, userId: userOf('Germany') }));
    expect(back).toMatchObject({ power: 'Germany', returning: true });
    const rows = await outboxRows(env.deps);
    const notice = rows.find((r) => r.dedupeKey.startsWith('claimed-notice:'))!;
    expect((notice.payload as { text: string }).text).toBe(`🪑 ⟦member:${userOf('Germany')}⟧ is back on **Germany**.`);
    const dm = rows.find((r) => r.dedupeKey.startsWith('claimed:'))!;
    expect((dm.payload as { text: string }).text).toMatch(/^🪑 You are back on \*\*Germany\*\*/);
    // Silent once more: the streak began again at the claim, so the seat stays theirs.
    await orderAll();
    await deadline(); // Spring 1902
    expect((await playersOf(env.deps.store.db, (await row()).id)).find((p) => p.power === 'Germany')!.userId).toBe(
      userOf('Germany'),
    );
    expect(await env.deps.store.db.select().from(substituteCalls)).toHaveLength(1);
  });

  it('the first claim wins exactly once; later presses, players of the game and finished games are refused', async () => {
    await game({ vacateAfter: 0 });
    ok(await voteDraw(env.deps, { channelId: CHANNEL, userId: userOf('Germany') }));
    const call = ok(await gmSubstitute(env.deps, { channelId: CHANNEL, userId: GM, power: 'germany' }));
    expect(err(await gmSubstitute(env.deps, { channelId: CHANNEL, userId: GM, power: 'Germany' }))).toMatch(
      /already open/,
    );
    expect(
      err(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.callId, userId: userOf('France') })),
    ).toMatch(/already play France/);
    // the call's id pressed outside the game's channel (a forged button) takes nothing
    expect(err(await claimSeat(env.deps, { channelId: 'elsewhere', callId: call.callId, userId: 'user-sub' }))).toMatch(
      /no longer in use/,
    );
    const won = ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.callId, userId: 'user-sub' }));
    expect(won.power).toBe('Germany');
    expect(err(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.callId, userId: 'user-late' }))).toMatch(
      /Too late: Germany has already been taken/,
    );
    expect((await playersOf(env.deps.store.db, (await row()).id)).find((p) => p.power === 'Germany')!.userId).toBe(
      'user-sub',
    );
    // The old player is told and cannot order; the seat's draw vote is gone; the new one can order at once.
    expect(
      err(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('Germany'), text: 'A ber H' })),
    ).toMatch(/not playing/);
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: 'user-sub', text: 'A ber H' }));
    const rows = await outboxRows(env.deps);
    expect(rows.filter((r) => r.dedupeKey.startsWith('claimed-previous:')).map((r) => r.target)).toEqual([
      userOf('Germany'),
    ]);
    const dm = rows.find((r) => r.dedupeKey.startsWith('claimed:'))!;
    expect(dm.target).toBe('user-sub');
    expect(dm.payload).toMatchObject({ type: 'dm', mapPhaseId: (await row()).currentPhaseId });
    expect((dm.payload as { text: string }).text).toMatch(/You now play \*\*Germany\*\*.*3 supply centres.*deadline/s);
    expect(first(await env.deps.store.db.select().from(substituteCalls).limit(1))).toMatchObject({
      claimedBy: 'user-sub',
    });
    expect(await env.deps.store.db.select().from(votes)).toEqual([]);
  });

  it('/game leave during a game vacates the seat and calls a substitute; a cancelled game closes its calls', async () => {
    await game({ vacateAfter: 0 });
    expect(ok(await leaveSeat(env.deps, { channelId: CHANNEL, userId: userOf('France') })).power).toBe('France');
    const call = first(await env.deps.store.db.select().from(substituteCalls).limit(1))!;
    expect(call).toMatchObject({ power: 'France', reason: 'left', vacatedBy: userOf('France') });
    await env.deps.store.db
      .update(games)
      .set({ status: 'finished', end: { kind: 'abandoned' } })
      .where(eq(games.id, (await row()).id));
    expect(err(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.id, userId: 'user-sub' }))).toMatch(
      /game is over/,
    );
  });
});

describe('closed substitute calls', () => {
  const closedTexts = async () =>
    (await outboxRows(env.deps))
      .filter((r) => r.kind === 'substitute_call_closed')
      .map((r) => (r.payload as { lines: Msg[] }).lines.map((l) => t('en', l)).join('\n'));

  it('a call the game closes says so in its text, not only on its button: it no longer asks anyone to press Claim', async () => {
    await game({ vacateAfter: 0 });
    ok(await leaveSeat(env.deps, { channelId: CHANNEL, userId: userOf('France') }));
    ok(await gmCancel(env.deps, { channelId: CHANNEL, userId: GM, canManageServer: false }));
    expect(await closedTexts()).toEqual(['🪑 **Substitute wanted for France**: the call is closed, the game is over.']);
  });

  it('a claimed call says the seat is taken', async () => {
    await game({ vacateAfter: 0 });
    ok(await leaveSeat(env.deps, { channelId: CHANNEL, userId: userOf('France') }));
    const call = first(await env.deps.store.db.select().from(substituteCalls).limit(1))!;
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.id, userId: 'user-sub' }));
    expect(await closedTexts()).toEqual(['🪑 **Substitute wanted for France**: the seat is taken.']);
  });
});

describe('open substitute calls', () => {
  /** Delivers the outbox as Discord would: a call's post gets a message id; answers each call edit's text sent. */
  const deliver = async () => {
    const edits: string[] = [];
    await deliverOutbox({
      store: env.deps.store,
      now: env.deps.now,
      send: async (row) => {
        if (row.kind === 'substitute_call') return { messageId: 'call-post' };
        if (row.payload.type === 'substitute_call_refresh') edits.push(`${row.callMessageId}: ${row.payload.text}`);
      },
    });
    return edits;
  };

  it('a call reads what is true of its seat: its post is rewritten when the phase or the deadline changes, not else', async () => {
    await game({ vacateAfter: 0 });
    ok(await leaveSeat(env.deps, { channelId: CHANNEL, userId: userOf('France') }));
    expect(await deliver()).toEqual([]);
    // A player's orders change the status, not what the call says: nothing is edited.
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('England'), text: 'F lon H' }));
    expect(await deliver()).toEqual([]);
    ok(await gmPause(env.deps, { channelId: CHANNEL, userId: GM }));
    const paused = await deliver();
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatch(/^call-post: 🪑 \*\*Substitute wanted for France\*\* \(its player left the game\)\.\n/);
    expect(paused[0]).toContain('\n3 supply centres; units: F bre, A mar, A par. Spring 1901 movement.\n');
    expect(paused[0]).toContain('\nUntil someone claims it, its units hold');
    ok(await gmResume(env.deps, { channelId: CHANNEL, userId: GM }));
    expect((await deliver())[0]).toMatch(/Spring 1901 movement, deadline ⟦time:\d+:R⟧\./);
    await deadline();
    expect((await deliver())[0]).toMatch(/Fall 1901 movement, deadline/);
    // Once claimed, the call says so (its closing edit) and is never rewritten again.
    const call = first(await env.deps.store.db.select().from(substituteCalls).limit(1))!;
    ok(await claimSeat(env.deps, { channelId: CHANNEL, callId: call.id, userId: 'user-sub' }));
    ok(await gmExtend(env.deps, { channelId: CHANNEL, userId: GM, duration: '1h' }));
    expect(await deliver()).toEqual([]);
  });
});

describe('a vacant seat never holds a phase up', () => {
  const HOLDS: Record<string, string> = {
    England: 'F lon H; F edi H; A lvp H',
    France: 'A par H; F bre H; A mar H',
    Germany: 'A ber H; F kie H; A mun H',
  };
  const statusLine = async (power: string) =>
    ok(await gameStatus(env.deps, CHANNEL))
      .status.text.split('\n')
      .find((l) => l.startsWith(`${power} (`));
  const resultsText = async () =>
    ((await outboxRows(env.deps)).find((r) => r.kind === 'phase_results')!.payload as { text: string }).text;

  it('under nmr:hold it is ready as it is, its units holding: the others\u2019 /ready resolve the phase', async () => {
    await game({ vacateAfter: 0 });
    ok(await leaveSeat(env.deps, { channelId: CHANNEL, userId: userOf('France') }));
    expect(await statusLine('France')).toBe(
      'France (vacant: a substitute may claim it) · 3 centres, 3 units · ready: the defaults apply (units hold)',
    );
    const call = (await outboxRows(env.deps)).find((r) => r.kind === 'substitute_call')!;
    expect((call.payload as { text: string }).text).toContain(
      'Until someone claims it, its units hold, its retreats disband and its builds are waived, without waiting for the deadline.',
    );
    const first = ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('England') }));
    expect(first.waitingFor).toEqual(['Germany']);
    const last = ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('Germany') }));
    expect(last.resolved.map((p) => p.label)).toEqual(['Spring 1901 movement']);
    // Once the game is over the seat is only vacant: nobody can claim it any more.
    ok(await gmCancel(env.deps, { channelId: CHANNEL, userId: GM, canManageServer: false }));
    expect(await statusLine('France')).toBe('France (vacant) · 3 centres, 3 units');
  });

  it('the results name civil disorder for a vacant seat and a power nobody holds, "missed" for a silent player', async () => {
    await game({ vacateAfter: 0 });
    ok(await leaveSeat(env.deps, { channelId: CHANNEL, userId: userOf('France') }));
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('England'), text: HOLDS.England! }));
    expect(await deadline()).toMatchObject({ resolved: 1 });
    const row = (await outboxRows(env.deps)).find((r) => r.kind === 'phase_results')!;
    const { text, lines } = row.payload as { text: string; lines: Msg[] };
    expect(text).toContain('\n__France__ · civil disorder: no player; F bre, A mar, A par held.\n');
    expect(text).toContain('\n__Italy__ · civil disorder: no player; F nap, A rom, A ven held.\n');
    expect(text).toContain('\n__Germany__ · ⏰ 3 missed: no orders; A ber, F kie, A mun held.\n');
    expect(text).not.toMatch(/__(France|Italy)__ · ⏰/);
    const fr = lines.map((line) => t('fr', line)).join('\n');
    expect(fr).toContain('\n__France__ · désordre civil : aucun joueur ; F Brest, A Marseille, A Paris tiennent.\n');
    expect(fr).toContain('\n__Allemagne__ · ⏰ 3 oublis : aucun ordre ; A Berlin, F Kiel, A Munich tiennent.\n');
    // /history show of that phase says the same, from what the store kept.
    const past = ok(await history(env.deps, { channelId: CHANNEL, phase: 'S1901M' })).detail!.text;
    for (const line of text.split('\n').filter((l) => l.startsWith('__'))) expect(past).toContain(line);
  });

  it('/history show says "missed" as the results did for a computer seat that gave no order in time', async () => {
    await game({ computer: 'Germany' }, ['England', 'France']);
    for (const power of ['England', 'France'])
      ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf(power), text: HOLDS[power]! }));
    // The computer player never got to play in time (its worker was stuck, say): past its grace the phase resolves.
    expect(await deadline()).toMatchObject({ resolved: 0, awaiting: 1 });
    env.clock.t += NMR_GRACE_MS + 1;
    expect(await resolveDuePhases(env.deps)).toMatchObject({ resolved: 1 });
    const { text } = (await outboxRows(env.deps)).find((r) => r.kind === 'phase_results')!.payload as { text: string };
    expect(text).toContain('\n__Germany__ · ⏰ 3 missed: no orders; A ber, F kie, A mun held.\n');
    expect(text).toContain('\n__Italy__ · civil disorder: no player; F nap, A rom, A ven held.\n');
    const past = ok(await history(env.deps, { channelId: CHANNEL, phase: 'S1901M' })).detail!.text;
    for (const line of text.split('\n').filter((l) => l.startsWith('__'))) expect(past).toContain(line);
  });

  it('a game of vacant seats only keeps each deadline: it never plays itself out at once', async () => {
    await game({ vacateAfter: 0 });
    for (const power of ['England', 'France', 'Germany'])
      ok(await leaveSeat(env.deps, { channelId: CHANNEL, userId: userOf(power) }));
    expect((await resolveDuePhases(env.deps)).resolved).toBe(0);
    expect(await deadline()).toMatchObject({ resolved: 1 });
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.phase?.label).toBe('Fall 1901 movement');
  });

  it('under nmr:computer a game of vacant seats only, played by the computer player, keeps each deadline', async () => {
    const { runAiJob } = await import('../../../src/ai/job.js');
    const { computerSeats } = await import('../../../src/game/computer/computer.js');
    const { missingOrderFiller } = await import('../../../src/game/computer/nmr-filler.js');
    await game({ nmr: 'computer', vacateAfter: 0, computerLevel: 'easy' });
    for (const power of ['England', 'France', 'Germany'])
      ok(await leaveSeat(env.deps, { channelId: CHANNEL, userId: userOf(power) }));
    await Promise.all(await computerSeats(env.deps, { ask: async (job) => runAiJob(job) }).play());
    for (const power of ['England', 'France', 'Germany'])
      expect(await statusLine(power), power).toMatch(/✅ orders in · 🟢 ready$/);
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.phase?.label).toBe('Spring 1901 movement');
    env.clock.t = (await row()).deadlineMs!;
    await Promise.all(await missingOrderFiller(env.deps, { ask: async (job) => runAiJob(job) }).play());
    expect((await resolveDuePhases(env.deps)).resolved).toBe(1);
    expect(ok(await gameStatus(env.deps, CHANNEL)).status.phase?.label).toBe('Fall 1901 movement');
  });

  it('under nmr:computer the computer player plays it when the phase opens, and it is ready', async () => {
    const { runAiJob } = await import('../../../src/ai/job.js');
    const { computerSeats } = await import('../../../src/game/computer/computer.js');
    await game({ nmr: 'computer', vacateAfter: 0, computerLevel: 'easy' });
    ok(await leaveSeat(env.deps, { channelId: CHANNEL, userId: userOf('France') }));
    expect((await statusLine('France'))!).toBe(
      'France (vacant: a substitute may claim it) · 3 centres, 3 units · 🤖 the computer player orders for it · ⏳ no orders',
    );
    await Promise.all(await computerSeats(env.deps, { ask: async (job) => runAiJob(job) }).play());
    const phaseId = (await row()).currentPhaseId!;
    const france = await ordersOf(env.deps.store.db, phaseId, 'France');
    expect(france).toHaveLength(3);
    for (const o of france) expect(o.submittedBy).toBe(NMR_COMPUTER);
    expect(await statusLine('France')).toMatch(/🤖 the computer player orders for it · ✅ orders in · 🟢 ready$/);
    expect(ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('England') })).waitingFor).toEqual([
      'Germany',
    ]);
    ok(await toggleReady(env.deps, { channelId: CHANNEL, userId: userOf('Germany') }));
    expect(await resultsText()).toContain('__France__ · 🤖 3 given by the computer player\n');
  });

  it('/gm advance under nmr:computer lets the computer player give the missing orders before the results', async () => {
    const { runAiJob } = await import('../../../src/ai/job.js');
    const { missingOrderFiller } = await import('../../../src/game/computer/nmr-filler.js');
    await game({ nmr: 'computer', vacateAfter: 0, computerLevel: 'easy' });
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('England'), text: HOLDS.England! }));
    const advanced = ok(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(advanced).toMatchObject({ waitsFor: 'missing', resolved: [] });
    expect((await row()).deadlineMs).toBe(env.clock.t);
    const notice = (await outboxRows(env.deps)).find((r) => r.dedupeKey.startsWith('advance:'))!;
    expect((notice.payload as { text: string }).text).toBe(
      '⏩ The game master ended **Spring 1901 movement** before its deadline; the computer player gives the missing orders, then the results follow.',
    );
    expect(await resolveDuePhases(env.deps)).toMatchObject({ resolved: 0, awaiting: 1 });
    await Promise.all(await missingOrderFiller(env.deps, { ask: async (job) => runAiJob(job) }).play());
    expect((await resolveDuePhases(env.deps)).resolved).toBe(1);
    const text = await resultsText();
    expect(text).toContain('__France__ · 🤖 3 given by the computer player\n');
    expect(text).toContain('__Germany__ · 🤖 3 given by the computer player\n');
    expect(text).toContain('__England__\n');
    const past = ok(await history(env.deps, { channelId: CHANNEL, phase: 'S1901M' })).detail!.text;
    expect(past).toContain('__France__ · 🤖 3 given by the computer player\n');
  });

  it('a computer seat still computing its orders: the deadline waits for it, at most the grace', async () => {
    const { runAiJob } = await import('../../../src/ai/job.js');
    const { computerSeats } = await import('../../../src/game/computer/computer.js');
    await game({ computer: 'Italy', computerLevel: 'easy' });
    env.clock.t = (await row()).deadlineMs!;
    expect(await resolveDuePhases(env.deps)).toMatchObject({ resolved: 0, awaiting: 1 });
    await Promise.all(await computerSeats(env.deps, { ask: async (job) => runAiJob(job) }).play());
    expect((await resolveDuePhases(env.deps)).resolved).toBe(1);
    expect(await resultsText()).not.toMatch(/__Italy__[^\n]*missed/);
    // Fall: the computer player never answers (its worker down); a minute past the deadline the phase resolves.
    env.clock.t = (await row()).deadlineMs! + NMR_GRACE_MS - 1;
    expect(await resolveDuePhases(env.deps)).toMatchObject({ resolved: 0, awaiting: 1 });
    env.clock.t += 1;
    expect((await resolveDuePhases(env.deps)).resolved).toBe(1);
  });

  it('/gm advance while a computer seat computes its orders lets it finish before the results', async () => {
    const { runAiJob } = await import('../../../src/ai/job.js');
    const { computerSeats } = await import('../../../src/game/computer/computer.js');
    await game({ computer: 'Italy', computerLevel: 'easy' });
    const advanced = ok(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(advanced).toMatchObject({ waitsFor: 'computer', computers: 1, resolved: [] });
    expect((await row()).deadlineMs).toBe(env.clock.t);
    const notice = (await outboxRows(env.deps)).find((r) => r.dedupeKey.startsWith('advance:'))!;
    // One computer seat: the texts speak of it alone.
    expect((notice.payload as { text: string }).text).toBe(
      '⏩ The game master ended **Spring 1901 movement** before its deadline; the computer player finishes its orders, then the results follow.',
    );
    expect(await resolveDuePhases(env.deps)).toMatchObject({ resolved: 0, awaiting: 1 });
    // A second advance meanwhile ends nothing twice: the channel is not told again.
    expect(err(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }))).toBe(
      '⏳ Spring 1901 movement has already ended: the results follow as soon as the computer player has given its orders.',
    );
    expect((await outboxRows(env.deps)).filter((r) => r.dedupeKey.startsWith('advance:'))).toHaveLength(1);
    await Promise.all(await computerSeats(env.deps, { ask: async (job) => runAiJob(job) }).play());
    expect((await resolveDuePhases(env.deps)).resolved).toBe(1);
    const italy = /__Italy__[^\n]*\n((?:.+\n)+?)\n/.exec(`${await resultsText()}\n\n`)?.[1] ?? '';
    expect(italy).toMatch(/`A ven/);
    expect(italy).not.toContain('missed');
    // Once it has played, /gm advance resolves at once.
    ok(await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf('England'), text: HOLDS.England! }));
    await Promise.all(await computerSeats(env.deps, { ask: async (job) => runAiJob(job) }).play());
    expect(ok(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }))).toMatchObject({ waitsFor: null });
  });

  it('/gm advance while two computer seats compute their orders speaks of them both', async () => {
    await game({ computer: 'Italy,Austria', computerLevel: 'easy' });
    expect(ok(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }))).toMatchObject({ computers: 2 });
    const notice = (await outboxRows(env.deps)).find((r) => r.dedupeKey.startsWith('advance:'))!;
    expect((notice.payload as { text: string }).text).toBe(
      '⏩ The game master ended **Spring 1901 movement** before its deadline; the computer players finish their orders, then the results follow.',
    );
    expect(err(await gmAdvance(env.deps, { channelId: CHANNEL, userId: GM }))).toBe(
      '⏳ Spring 1901 movement has already ended: the results follow as soon as the computer players have given their orders.',
    );
  });

  it('/game leave from a member without a seat is refused at once, saying why', async () => {
    await game({ vacateAfter: 0 });
    expect(await leaveSeatRefusal(env.deps, { channelId: CHANNEL, userId: 'user-onlooker' })).toBe(
      'You do not hold a seat in this game, so there is none to leave.',
    );
    expect(await leaveSeatRefusal(env.deps, { channelId: CHANNEL, userId: userOf('France') })).toBeNull();
  });
});

describe('min-reliability', () => {
  it('refuses a join or a claim below the bar once 10 phases are recorded, never before', async () => {
    const now = env.clock.t;
    // A member with 10 recorded phases, 7 complete, in an earlier game on the server.
    const old = ok(
      await createGame(env.deps, { channelId: 'old', guildId: 'guild-1', userId: 'gm-2', variantId: 'classic' }),
    ).game;
    for (let i = 0; i < 10; i++)
      await env.deps.store.db.insert(seatRecords).values({
        gameId: old.id,
        turn: String(i),
        power: 'Italy',
        userId: 'user-weak',
        outcome: i < 7 ? 'complete' : 'missed',
        recordedAt: now,
      });
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'guild-1',
        userId: GM,
        variantId: 'classic',
        minReliability: 80,
      }),
    );
    expect(err(await joinGame(env.deps, { channelId: CHANNEL, userId: 'user-weak' }))).toMatch(
      /at least 80%, and yours on this server is 70%/,
    );
    ok(await joinGame(env.deps, { channelId: CHANNEL, userId: 'user-new' }));
    expect(
      err(
        await createGame(env.deps, {
          channelId: 'x',
          guildId: 'guild-1',
          userId: 'gm-3',
          variantId: 'classic',
          minReliability: 101,
        }),
      ),
    ).toMatch(/0 to 100/);
  });
});

describe('nmr:computer answers a variant step the way a computer seat would', () => {
  it("a Dogs of War member who did not muster by the start step's deadline gets the computer player's muster", async () => {
    const { runAiJob } = await import('../../../src/ai/job.js');
    const { missingOrderFiller } = await import('../../../src/game/computer/nmr-filler.js');
    const { variantRecords, phaseSteps } = await import('../../../src/store/schema.js');
    ok(
      await createGame(env.deps, {
        channelId: CHANNEL,
        guildId: 'g',
        userId: GM,
        variantId: 'warhammer',
        nmr: 'computer',
        computerLevel: 'easy',
        vacateAfter: 0,
      }),
    );
    for (const power of ['Tilea', 'Empire'])
      ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
    ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
    expect(first(await env.deps.store.db.select().from(phaseSteps).limit(1))?.step).toBe('muster');
    env.clock.t = (await row()).deadlineMs!;
    expect(await resolveDuePhases(env.deps)).toMatchObject({ resolved: 0, awaiting: 1 });
    const filler = missingOrderFiller(env.deps, { ask: async (job) => runAiJob(job) });
    await Promise.all(await filler.play());
    const muster = (await env.deps.store.db.select().from(variantRecords)).filter((r) => r.kind === 'muster-choice');
    expect(muster.map((r) => r.key)).toEqual(['Tilea']);
    // The step closes at once; the Spring orders begin with a deadline of their own, filled again at that deadline.
    await resolveDuePhases(env.deps);
    expect(first(await env.deps.store.db.select().from(phaseSteps).limit(1))?.step ?? null).toBeNull();
    expect((await row()).deadlineMs).toBeGreaterThan(env.clock.t);
    env.clock.t = (await row()).deadlineMs!;
    expect(await resolveDuePhases(env.deps)).toMatchObject({ resolved: 0, awaiting: 1 });
    await Promise.all(await filler.play());
    expect((await resolveDuePhases(env.deps)).resolved).toBe(1);
    const given = await env.deps.store.db.select().from(seatRecords);
    expect(given.map((r) => [r.power, r.outcome]).sort()).toEqual([
      ['Empire', 'missed'],
      ['Tilea', 'missed'],
    ]);
  });
});
