/**
 * Ballot secrecy through the game layer (MoH rule 3: "every player may give an order for any neutral
 * unit; it is that player's secret ballot"): in an 8-player game where random players cast random legal ballots
 * for random neutral units (and give random orders of their own) from the first spring through the first winter,
 * no ballot ever shows in a channel payload (results, status, notices, the maps' render inputs) or in a DM to
 * another player, except the order a neutral unit was actually given (adopted, or its default), and then only
 * under the neutral's name, never next to a voter. Before a phase resolves, no ballot shows anywhere but the
 * caster's own DM. Runs: MOH_BALLOT_SECRECY_RUNS (default 3).
 */
import { first } from '../../../src/store/store.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asc, eq, gt } from 'drizzle-orm';
import { adjustmentDelta } from '../../../src/engine/adjustment.js';
import { legalOrders } from '../../../src/engine/options.js';
import type { Position } from '../../../src/engine/types.js';
import { createGame, joinGame, startGame } from '../../../src/game/lobby/index.js';
import {
  gameStatus,
  renderInputForPhase,
  renderInputsForResults,
  type RenderInput,
} from '../../../src/game/history/index.js';
import { resolvePhase } from '../../../src/game/resolve/index.js';
import { submitOrders } from '../../../src/game/orders/index.js';
import { isBallotKey } from '../../../src/game/orders/orders.js';
import { mandateFeatures as f, mandateOfHeaven as v } from '../../../src/variants/mandate-of-heaven/index.js';
import { outbox, phases } from '../../../src/store/schema.js';
import { rng } from '../../support/random.js';
import { CHANNEL, GM, internalErrors, makeEnv, ok, userOf, type TestEnv } from '../../game/helpers.js';

const RUNS = Number(process.env.MOH_BALLOT_SECRECY_RUNS ?? 3);
const PLAYERS = ['Qin', 'Chu', 'Qi', 'Yan', 'Zhao', 'Wei', 'Han', 'Hsiung-Nu'];
const powerOfUser = new Map(PLAYERS.map((p) => [userOf(p), p]));

let env: TestEnv;
beforeEach(() => {
  internalErrors.length = 0;
});
afterEach(() => {
  expect(internalErrors).toEqual([]);
});

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * `text` written out as an order of its own: not inside a longer order (`A che S A son - tan` names Song's move
 * without being Song's order, in French too: `A che soutient A son - tan`; `A son - tan via convoy` is another order).
 */
const standalone = (text: string) =>
  new RegExp(`(?<![A-Za-z/-])(?<![SC] )(?<!soutient )(?<!convoie )${escapeRegExp(text)}(?![A-Za-z/]| [-A-Za-z])`);

/** Every string inside a payload (so a line break is a line break, not JSON's `\n`). */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

interface Ballot {
  caster: string;
  text: string;
}

async function outboxSince(id: number) {
  return await env.deps.store.db.select().from(outbox).where(gt(outbox.id, id)).orderBy(asc(outbox.id));
}
const lastOutboxId = async () =>
  (await env.deps.store.db.select().from(outbox).orderBy(asc(outbox.id))).at(-1)?.id ?? 0;

/** Each leaked ballot as `where: text` (empty when nothing leaks). */
function leaks(
  rows: Awaited<ReturnType<typeof outboxSince>>,
  ballots: Ballot[],
  allowed: ReadonlySet<string>,
): string[] {
  const found: string[] = [];
  for (const row of rows) {
    const strings = stringsOf(row.payload);
    const reader = row.targetKind === 'user' ? powerOfUser.get(row.target) : undefined;
    for (const b of ballots) {
      if (allowed.has(b.text)) continue;
      // A DM may show the reader's own ballots (also when another player cast the same one).
      if (reader && ballots.some((o) => o.caster === reader && o.text === b.text)) continue;
      if (strings.some((s) => standalone(b.text).test(s)))
        found.push(`${row.kind} to ${row.targetKind} ${row.target}: ${b.text} (by ${b.caster})`);
    }
  }
  return found;
}

/** Provinces of the units (or, in an adjustment, centres) a power's own order may name in this phase. */
function orderedBy(position: Position, power: string, province: string, kind: string): boolean {
  if (position.phase.type === 'retreat')
    return position.dislodged.some((d) => d.power === power && d.province === province);
  if (position.phase.type === 'adjustment' && kind === 'build')
    return (position.supplyCenters[power] ?? []).includes(province);
  return position.units.some((u) => u.power === power && u.province === province);
}

/** The drawn orders are the players' own orders only: a ballot (an order for a neutral unit) is never drawn. */
function checkDrawnOrders(input: RenderInput): void {
  for (const o of input.orders ?? []) {
    if (!('unit' in o.order)) continue;
    const at = o.order.unit.province;
    expect(
      orderedBy(input.position, o.power, at, o.order.kind),
      `drawn order of ${o.power} for ${at}: ${JSON.stringify(o.order)}`,
    ).toBe(true);
  }
}

async function currentPhase() {
  const status = ok(await gameStatus(env.deps, CHANNEL)).status;
  const row = first(await env.deps.store.db.select().from(phases).where(eq(phases.id, status.phase!.id)).limit(1))!;
  return { status, row };
}

/** One phase: random own orders and random ballots, the checks before resolution, resolution, the checks after. */
async function playPhase(r: () => number): Promise<void> {
  const { row } = await currentPhase();
  const position = row.position;
  const before = await lastOutboxId();
  const ballots: Ballot[] = [];
  /**
   * A power's legal orders, one list per unit, in random order; in an adjustment no more builds than it may make
   * (a neutral's are the ballots each player may cast for it), and no `Waive` (a text every power writes alike).
   */
  const options = (power: string) => {
    const all = legalOrders(v, position, power)
      .map((u) => ({ ...u, orders: u.orders.filter((o) => !/^waive$/i.test(o)) }))
      .filter((u) => u.orders.length > 0)
      .sort(() => r() - 0.5);
    return position.phase.type === 'adjustment'
      ? all.slice(0, Math.abs(adjustmentDelta(position, power, v.map, v.rules)))
      : all;
  };
  const ownUnits = new Map<string, Set<string>>();
  // Per neutral unit a random favourite order, that most players vote for, so that moves and supports pass too.
  const neutralOptions = [...f.neutrals].map((n) => options(n).map((u) => ({ ...u, favourite: pick(r, u.orders) })));
  for (const player of [...PLAYERS].sort(() => r() - 0.5)) {
    const own = options(player)
      .filter(() => r() < 0.7)
      .map((u) => pick(r, u.orders));
    const votes = neutralOptions.flatMap((units) =>
      units.filter(() => r() < 0.85).map((u) => (r() < 0.8 ? u.favourite : pick(r, u.orders))),
    );
    const texts = [...own, ...votes].sort(() => r() - 0.5);
    // In one or two submissions (a later ballot for the same unit replaces the earlier one; both stay secret).
    const cut = Math.floor(r() * (texts.length + 1));
    for (const part of [texts.slice(0, cut), texts.slice(cut)]) {
      if (part.length === 0) continue;
      const res = ok(
        await submitOrders(env.deps, { channelId: CHANNEL, userId: userOf(player), text: part.join('\n') }),
      );
      expect(res.rejected, `${player}'s legal orders and ballots are all accepted`).toEqual([]);
      for (const s of res.stored) {
        if (isBallotKey(s.unitKey)) ballots.push({ caster: player, text: s.text });
        else (ownUnits.get(player) ?? ownUnits.set(player, new Set()).get(player)!).add(s.unitKey);
      }
    }
  }

  // Before resolution: no ballot anywhere but in its caster's DMs, not in the status nor on the map.
  expect(leaks(await outboxSince(before), ballots, new Set())).toEqual([]);
  const { status } = await currentPhase();
  const statusText = stringsOf(status);
  for (const b of ballots)
    expect(
      statusText.some((s) => standalone(b.text).test(s)),
      `status shows ${b.text}`,
    ).toBe(false);
  for (const p of status.powers)
    expect(p.ordersStored, `${p.power}'s stored orders count its own orders only`).toBe(
      ownUnits.get(p.power)?.size ?? 0,
    );
  const early = (await renderInputForPhase(env.deps, row.id, { withOrders: true }))!;
  expect(early.orders).toBeUndefined();
  expect(await renderInputsForResults(env.deps, row.id)).toBeNull();
  const earlyText = stringsOf(early);
  for (const b of ballots)
    expect(
      earlyText.some((s) => standalone(b.text).test(s)),
      `early map shows ${b.text}`,
    ).toBe(false);

  const mark = await lastOutboxId();
  ok(await resolvePhase(env.deps, { gameId: status.game.id, reason: 'gm' }));
  const resolved = first(await env.deps.store.db.select().from(phases).where(eq(phases.id, row.id)).limit(1))!;
  const results = resolved.adjudication!.results;
  // What a neutral unit was actually given (the adopted ballot, or its default) is public; no other ballot is.
  const published = new Set(results.filter((res) => f.isNeutral(res.power)).map((res) => res.order));
  const after = await outboxSince(mark);
  expect(leaks(after, ballots, published)).toEqual([]);
  // An adopted order shows under its neutral's name only, never on a line with a player's name.
  const voters = new RegExp(`\\b(${PLAYERS.map(escapeRegExp).join('|')})\\b`);
  for (const post of after.filter((x) => x.kind === 'phase_results')) {
    const text = (post.payload as { text: string }).text;
    for (const b of ballots.filter((x) => published.has(x.text))) {
      const m = standalone(b.text).exec(text);
      if (!m) continue;
      const section = [...text.slice(0, m.index).matchAll(/__([^_\n]+)__/g)].at(-1)?.[1];
      expect(section && f.isNeutral(section), `${b.text} shows under ${section}`).toBe(true);
      const line = text.slice(
        text.lastIndexOf('\n', m.index) + 1,
        (text.indexOf('\n', m.index) + 1 || text.length + 1) - 1,
      );
      expect(voters.test(line), `a voter named beside ${b.text}: ${line}`).toBe(false);
    }
  }
  // The maps: the results' two pictures and the next phase's map.
  const pictures = (await renderInputsForResults(env.deps, row.id))!;
  expect(pictures).not.toBeNull();
  checkDrawnOrders(pictures.orders);
  for (const res of pictures.orders.results ?? []) {
    const unit =
      position.units.find((u) => `${u.type} ${u.province}` === res.unit.replace(/\/[a-z]+$/, '')) ??
      position.dislodged.find((d) => `${d.type} ${d.province}` === res.unit);
    if (unit && f.isNeutral(unit.power)) expect(res.power, `result for ${res.unit}`).toBe(unit.power);
  }
  const next = (await currentPhase()).row;
  const drawn = [
    pictures.orders,
    pictures.after,
    (await renderInputForPhase(env.deps, next.id, { withOrders: true }))!,
  ].flatMap((input) => stringsOf(input));
  for (const b of ballots) {
    if (!published.has(b.text))
      expect(
        drawn.some((s) => standalone(b.text).test(s)),
        `a map's input shows ${b.text}`,
      ).toBe(false);
  }
}

describe('Mandate of Heaven: random ballots never leak (property)', () => {
  it(`through the first year, ${RUNS} random games`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        env = await makeEnv(':memory:', seed);
        try {
          const r = rng(seed);
          ok(
            await createGame(env.deps, {
              channelId: CHANNEL,
              guildId: 'guild-1',
              userId: GM,
              variantId: 'mandate-of-heaven',
            }),
          );
          for (const power of PLAYERS)
            ok(await joinGame(env.deps, { channelId: CHANNEL, userId: userOf(power), power }));
          ok(await startGame(env.deps, { channelId: CHANNEL, userId: GM }));
          ok(
            await submitOrders(env.deps, {
              channelId: CHANNEL,
              userId: userOf('Hsiung-Nu'),
              text: 'Build A bei; Build A lfa; Build A ysh',
            }),
          );
          ok(await resolvePhase(env.deps, { gameId: (await currentPhase()).status.game.id, reason: 'gm' }));
          // Spring 1 through the first winter (with any retreat phase on the way).
          for (let guard = 0; guard < 6; guard++) {
            const { status, row } = await currentPhase();
            if (status.game.status !== 'active' || row.position.phase.year > 1) break;
            await playPhase(r);
          }
          expect((await currentPhase()).row.position.phase.year, 'the game reached the second year').toBe(2);
        } finally {
          await env.close();
        }
      }),
      { numRuns: RUNS, seed: 8, endOnFailure: true },
    );
  });
});
