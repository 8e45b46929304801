/**
 * Row → view conversions shared by the use-cases.
 */
import type { Phase } from '../../engine/types.js';
import type { Variant } from '../../engine/variant.js';
import { variantNameOf } from './variant-of-game.js';
import type { GameRow, PhaseRow } from '../../store/schema.js';
import { phaseCode, phaseLabel, phaseMsg } from './summary.js';
import type { GameView, PhaseView } from './types.js';
import { scoringOf } from './scoring-systems.js';
import { gameLocale } from './locales.js';
import { durationsOf } from './durations.js';
import { gameKindOf } from './kinds.js';
import type { MsgParam } from '../../i18n/index.js';

export function phaseOf(row: PhaseRow): Phase {
  return { season: row.season as Phase['season'], year: row.year, type: row.type as Phase['type'] };
}

/** `variant`: for the phase's name in the variant's calendar (codes stay numeric). */
export function toPhaseView(row: PhaseRow, variant?: Pick<Variant, 'phaseName'>): PhaseView {
  const phase = phaseOf(row);
  return {
    id: row.id,
    index: row.idx,
    phase,
    label: phaseLabel(phase, variant),
    name: phaseMsg(phase, variant),
    code: phaseCode(phase),
    resolvedAt: row.resolvedAt,
  };
}

/**
 * What a game is, in the reader's words, for a sentence about the channel's game: its variant (`Diplomatie classique`)
 * for a Diplomacy game, its kind's label (`jeu de cartes Royaumes combattants`) for another kind; never an id.
 */
export function gameTitleOf(row: GameRow): MsgParam {
  const kind = row.kind === 'diplomacy' ? undefined : gameKindOf(row.kind);
  return kind ? kind.label : variantNameOf(row);
}

export function toGameView(row: GameRow): GameView {
  return {
    id: row.id,
    channelId: row.channelId,
    notifyRoleId: row.notifyRoleId ?? null,
    guildId: row.guildId,
    variantId: row.variantId,
    variantName: variantNameOf(row),
    gmUserId: row.gmUserId,
    status: row.status,
    durations: durationsOf(row),
    deadline: row.status === 'active' ? row.deadlineMs : null,
    pause: row.status === 'paused' ? { by: row.pausedBy ?? 'master', endsAt: row.resumeAt ?? null } : null,
    end: row.end ?? null,
    options: row.options ?? {},
    computerFill: row.computerFill ?? false,
    demonstration: row.demonstration ?? false,
    seats: { nmr: row.nmr, vacateAfter: row.vacateAfter, minReliability: row.minReliability },
    press: row.press,
    scoring: scoringOf(row),
    rateAgainstComputers: row.rateAgainstComputers,
    locale: gameLocale(row),
    fog: row.fog ?? false,
    table: {
      clock: row.clock ?? null,
      musterMs: row.musterMs ?? null,
      pauseLimitMs: row.pauseLimitMs,
    },
  };
}

/** The use-case's source of randomness: `deps.random` (a test's seeded one), else Math.random. */
export function randomOf(deps: { random?: () => number }): () => number {
  return deps.random ?? Math.random;
}

/** A random token from the use-case's source of randomness. */
export function newToken(deps: { random?: () => number }): string {
  return randomToken(randomOf(deps));
}

/** Random token for claims and dedupe keys. */
export function randomToken(random: () => number): string {
  let s = '';
  for (let i = 0; i < 4; i++)
    s += Math.floor(random() * 0x1_0000_0000)
      .toString(36)
      .padStart(7, '0');
  return s;
}
