/**
 * The players' progress (orders in, readiness, a step's answers) as the pinned status shows it. In a game that hides
 * who plays whom it is the progress at the last mark of the clock passed, whichever edit shows it and however late it
 * goes out: the mark's own edit, or a public event's edit (a deadline, the game master's act) between two marks. Every
 * act that changes it first keeps the progress as it stood (`keepShownProgress`), once between two marks: it is then
 * the progress at the last mark, since no act came in between. The status reads the kept progress while its mark is
 * the last one passed, and the live one otherwise, when no act has come since that mark (docs/decisions.md "Hidden
 * identities").
 */
import { eq } from 'drizzle-orm';
import { powersToAct } from '../../engine/index.js';
import type { Variant } from '../../engine/variant.js';
import type { Msg } from '../../i18n/index.js';
import type { Tx } from '../../store/store.js';
import { ordersOf, phaseById, readyPowers } from '../../store/queries.js';
import { type GameRow, type PhaseRow, phases, type ShownProgress } from '../../store/schema.js';
import { identitiesHiddenNow, variantOfGame } from '../core/index.js';
import { lastProgressMark } from '../outbox/index.js';
import { fogIsUp, positionSeenBy } from '../fog/index.js';
import { dutiesOf, hasDuties, isBallotKey, ordersComplete } from './duties.js';
import { type StepStatus, stepStatus, storedStepUnderWay } from './steps.js';

/** One power's progress in the phase: whether it acts in it, its orders in, how many stored, whether it is ready. */
export interface PowerProgress {
  toAct: boolean;
  submitted: boolean;
  ordersStored: number;
  ready: boolean;
}

/**
 * Each power's progress as it is now. During a step between the orders and the claim, the orders are closed: who the
 * step still waits for (never what they chose).
 */
export async function liveProgress(
  tx: Tx,
  game: Pick<GameRow, 'status' | 'fog'>,
  variant: Variant,
  phase: PhaseRow,
  step: StepStatus | null,
): Promise<Map<string, PowerProgress>> {
  const position = phase.position;
  const live = phase.resolvedAt === null && game.status !== 'finished';
  const acting = new Set(live ? powersToAct(variant, position) : []);
  const stored = await ordersOf(tx, phase.id);
  const ready = await readyPowers(tx, phase.id);
  const progress = new Map<string, PowerProgress>();
  for (const { name: power } of variant.powers) {
    if (step?.at === 'claim') {
      const answer = step.progress.powers.find((p) => p.power === power);
      progress.set(power, {
        toAct: answer !== undefined,
        submitted: answer?.answered === true,
        ordersStored: 0,
        ready: false,
      });
      continue;
    }
    const mine = stored.filter((o) => o.power === power && !isBallotKey(o.unitKey)); // votes are secret, even their number
    // Under the fog of war, what the power has to do as it sees the board (docs/table.md "Fog of war").
    const duties = dutiesOf(variant, positionSeenBy(game, variant, position, power), power);
    // A placement it sees to make is one, whatever stands out of its sight (as `seatedToAct` reads it).
    const toAct = acting.has(power) || (live && fogIsUp(game) && hasDuties(duties));
    const keys = mine.map((o) => o.unitKey);
    const kinds = mine.map((o) => o.order.kind);
    progress.set(power, {
      toAct,
      submitted: toAct && hasDuties(duties) && ordersComplete(duties, keys, kinds),
      ordersStored: mine.length,
      ready: toAct && ready.has(power),
    });
  }
  return progress;
}

/**
 * Before a player's act changes the progress (orders stored or cleared, readiness, a step's answer, a seat left or
 * taken): in a game that hides who plays whom, keeps the progress as it stands, if nothing has kept it since the last
 * mark of the clock (or the step under way changed since). Nothing in an open game.
 */
export async function keepShownProgress(tx: Tx, game: GameRow, now: number): Promise<void> {
  if (!identitiesHiddenNow(game) || game.status === 'forming' || game.currentPhaseId === null) return;
  const variant = variantOfGame(game);
  const phase = await phaseById(tx, game.currentPhaseId);
  if (!variant || !phase || phase.resolvedAt !== null) return;
  const mark = lastProgressMark(now);
  const kept = phase.shownProgress;
  // Kept since the mark, in the same step: nothing to do (the step's name read alone, its status only when needed).
  if (kept?.mark === mark && kept.step === ((await storedStepUnderWay(tx, game, phase))?.name ?? '')) return;
  const step = await stepStatus(tx, game, variant, phase, now);
  const powers: ShownProgress['powers'] = {};
  for (const [power, p] of await liveProgress(tx, game, variant, phase, step))
    powers[power] = { submitted: p.submitted, ordersStored: p.ordersStored, ready: p.ready };
  const shownProgress: ShownProgress = { mark, step: step?.name ?? '', stepLine: step?.line ?? null, powers };
  await tx.update(phases).set({ shownProgress }).where(eq(phases.id, phase.id));
}

/**
 * The progress the pinned status shows at `now`: `live`, or in a game that hides who plays whom the progress an act
 * kept since the last mark (with the step's line then).
 */
export function shownProgress(
  phase: PhaseRow,
  step: StepStatus | null,
  live: Map<string, PowerProgress>,
  now: number,
): { powers: Map<string, PowerProgress>; stepLine: Msg | null } {
  const kept = phase.shownProgress;
  const liveLine = step?.line ?? null;
  if (!kept || kept.mark !== lastProgressMark(now) || kept.step !== (step?.name ?? ''))
    return { powers: live, stepLine: liveLine };
  const powers = new Map<string, PowerProgress>();
  for (const [power, p] of live) powers.set(power, { ...p, ...(kept.powers[power] ?? {}) });
  return { powers, stepLine: (kept.stepLine as Msg | null) ?? liveLine };
}
