import { sqliteStoreOf } from '../src/store/sqlite-store.js';
import { first, type OpenedStore } from '../src/store/store.js';
/**
 * `nmr: computer` (docs/bot.md "Seats that never stall"): from the deadline to the results, when a computer player
 * gives the missing orders. A game on a file database whose seats are people who gave nothing (one gave its orders in
 * Classic); the clock passes the deadline; then exactly what the bot does: the scheduler's sweep leaves the phase
 * waiting, `missingOrderFiller().play()` asks the AI worker for every seat that misses orders and stores them, and the
 * next sweep resolves the phase (its results post queued). The worker is warm, as in the bot once a game has played.
 * The post's delivery (map drawing, Discord) is the outbox's, measured in the rendering and bot sections.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { stopAiWorker, warmAiWorker } from '../src/game/ai-pool/index.js';
import { createGame, joinGame, startGame } from '../src/game/lobby/index.js';
import { resolveDuePhases } from '../src/game/resolve/index.js';
import { submitOrders } from '../src/game/orders/index.js';
import type { GameDeps } from '../src/game/core/index.js';

/** Dependencies whose store also reads outside transactions (to watch the database). */
type InspectDeps = GameDeps & { store: OpenedStore };
import { missingOrderFiller } from '../src/game/computer/index.js';
import { openDatabase } from '../src/store/db.js';
import { games, orders, outbox, phaseSteps } from '../src/store/schema.js';
import { getVariant } from '../src/variants/index.js';
import type { BenchResult } from './types.js';

const load = () =>
  `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')} on ${os.cpus().length} cores`;

interface Run {
  ms: number;
  missing: number;
  given: number;
  resolved: boolean;
}

async function deadlineToResults(
  variantId: string,
  powers: string[],
  options: Record<string, string>,
  ordered: { power: string; text: string } | null,
): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'zhanguo-nmr-'));
  const opened = openDatabase(join(dir, 'bench.db'));
  let clock = Date.now();
  const deps: InspectDeps = { store: sqliteStoreOf(opened), now: () => clock };
  const ok = <R extends { ok: boolean }>(r: R) => {
    if (!r.ok) throw new Error((r as unknown as { error: string }).error);
    return r;
  };
  try {
    ok(
      await createGame(deps, {
        channelId: 'c',
        guildId: 'g',
        userId: 'gm',
        variantId,
        options,
        nmr: 'computer',
        computerLevel: 'normal',
      }),
    );
    for (const [i, power] of powers.entries()) ok(await joinGame(deps, { channelId: 'c', userId: `${i + 1}`, power }));
    ok(await startGame(deps, { channelId: 'c', userId: 'gm' }));
    if (ordered)
      ok(
        await submitOrders(deps, {
          channelId: 'c',
          userId: `${powers.indexOf(ordered.power) + 1}`,
          text: ordered.text,
        }),
      );
    const filler = missingOrderFiller(deps);
    // A start choice first (Warhammer's Dogs of War muster): its deadline passes and the filler answers it, unmeasured;
    // then the orders have a deadline of their own.
    while ((await deps.store.db.select().from(phaseSteps)).some((r) => r.step !== null)) {
      clock = first(await deps.store.db.select().from(games).limit(1))!.deadlineMs! + 1;
      await resolveDuePhases(deps);
      await Promise.all(await filler.play());
      await resolveDuePhases(deps);
    }
    clock = first(await deps.store.db.select().from(games).limit(1))!.deadlineMs! + 1;
    const t = performance.now();
    const firstPass = await resolveDuePhases(deps);
    const missing = firstPass.awaiting ?? 0;
    await Promise.all(await filler.play());
    const second = await resolveDuePhases(deps);
    const ms = performance.now() - t;
    const given = (await deps.store.db.select().from(orders)).filter((o) => o.submittedBy === 'computer:nmr').length;
    const resolved =
      second.resolved > 0 && (await deps.store.db.select().from(outbox)).some((r) => r.kind === 'phase_results');
    return { ms, missing, given, resolved };
  } finally {
    opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchNmr(): Promise<BenchResult[]> {
  await warmAiWorker();
  const classic = ['Austria', 'England', 'France', 'Germany', 'Italy', 'Russia', 'Turkey'];
  // A warm-up game for each variant (the worker's first job of a variant loads it), then the measured ones.
  await deadlineToResults('classic', classic, {}, { power: 'France', text: 'A par H; A mar H; F bre H' });
  const c = await deadlineToResults('classic', classic, {}, { power: 'France', text: 'A par H; A mar H; F bre H' });
  const wh = getVariant('warhammer')!;
  const whPowers = wh.powers.filter((p) => !p.neutral).map((p) => p.name);
  await deadlineToResults('warhammer', whPowers, { decisiveBattles: 'off' }, null);
  const w = await deadlineToResults('warhammer', whPowers, { decisiveBattles: 'off' }, null);
  await stopAiWorker();
  const note = (r: Run, what: string, target: string) =>
    `${what}: deadline passed → sweep leaves the phase waiting → the filler asks the AI worker (level normal) and stores ${r.given} missing orders → the next sweep resolves it${r.resolved ? '' : ' (NOT resolved)'}; target ${target}; ${load()}`;
  return [
    {
      name: 'nmr:computer, Classic with six seats missing: deadline to results queued',
      value: c.ms,
      unit: 'ms',
      note: note(c, 'six of seven people gave nothing, France gave its orders', '< 3000 ms'),
    },
    {
      name: `nmr:computer, Warhammer with all ${whPowers.length} seats missing: deadline to results queued`,
      value: w.ms,
      unit: 'ms',
      note: note(w, `${whPowers.length} people, none gave an order (decisive battles off)`, '< 8000 ms'),
    },
  ];
}
