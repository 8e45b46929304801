/**
 * Ratings (docs/bot.md, "Ratings"): the Weng-Lin Bayesian rating of the `openskill` library (free-for-all games of many
 * players, and teams), never a formula of our own. Pure: given the ratings of
 * each seat's members before a game and each seat's place (src/game/scores/scoring.ts `PowerScore.rank`, or a card game's
 * own winner rule), returns every member's rating after it. The game layer keeps the ratings, one pool per server and
 * game kind and one overall, and calls `rateGame` once per pool, inside the transaction that ends the game: pools.ts
 * `rateFinishedGame` reads and writes them.
 *
 * Computer players are rated apart: their ratings are their own, and by default a person's rating moves only with
 * the other people's places in the game, as if the computer seats were not there. `peopleAgainstComputers` (the game
 * master's choice at `/game create`) lets the computer seats count as opponents for the people too.
 */
import { ordinal, rate, rating as openskillRating, type Options } from 'openskill';
import { bradleyTerryFull } from 'openskill/models';

/**
 * The library's model and settings (docs/bot.md, "Ratings"): Bradley-Terry with full pairing, whose ties are ties (a
 * draw's members move alike and ahead of every place below them; the library's default Plackett-Luce model does not
 * keep that order when places are tied, and a Diplomacy draw is a tie), with a γ of 1/k for k seats, so that one game
 * of 21 powers does not make every rating certain at once.
 */
export const RATING_MODEL: Readonly<Options> = Object.freeze({
  model: bradleyTerryFull,
  gamma: (_c: number, k: number) => 1 / k,
});

/** A member's skill: mean `mu` and uncertainty `sigma` (openskill's; a new member has 25 and 25/3). */
export interface Rating {
  mu: number;
  sigma: number;
}

export interface RatedMember {
  /** Who: a member's user id, or a computer player's id (one rating per computer player kind). */
  id: string;
  computer: boolean;
  /** Before the game; null for a member never rated in this pool (the library's starting rating). */
  rating: Rating | null;
}

/** One seat of the game: its place and the members who played it (a substitute's seat has several: one team). */
export interface RatedSeat {
  /** The seat's name (a power, a dynasty), for messages only. */
  seat: string;
  /** 1 is best; equal places are ties. */
  rank: number;
  members: readonly RatedMember[];
}

export interface RatingOptions {
  /** The computer seats count as opponents for the people's ratings (default false: people are rated among people). */
  peopleAgainstComputers?: boolean;
}

export interface RatingChange {
  id: string;
  computer: boolean;
  seat: string;
  before: Rating;
  after: Rating;
  /** The shown rating (`displayRating`) before and after. */
  shownBefore: number;
  shownAfter: number;
}

/** Input the caller got wrong (never a player's): a member in two seats, a place that is not a positive whole number. */
export class RatingError extends Error {}

/** The starting rating of a member new to a pool. */
export function newRating(): Rating {
  const { mu, sigma } = openskillRating();
  return { mu, sigma };
}

/**
 * The rating a leaderboard shows and sorts by: openskill's ordinal, mu − 3 sigma (a skill the member has with 99.7 %
 * confidence), so a newcomer starts at 0 and climbs as games make the rating surer.
 */
export function displayRating(r: Rating): number {
  return ordinal(r);
}

/**
 * Every member's rating after the game, in the order of `seats` and their members. A person's changes come from the
 * match of the people's seats (or of every seat, with `peopleAgainstComputers`); a computer player's from the match of
 * every seat. A match of fewer than two seats changes nothing (a game of one person and computers, by default).
 */
export function rateGame(seats: readonly RatedSeat[], options: RatingOptions = {}): RatingChange[] {
  checkSeats(seats);
  const everyone = seats.map((s) => ({ seat: s, members: s.members }));
  const people = options.peopleAgainstComputers
    ? everyone
    : seats
        .map((s) => ({ seat: s, members: s.members.filter((m) => !m.computer) }))
        .filter((t) => t.members.length > 0);
  const afterPeople = matchOf(people);
  const afterAll = seats.some((s) => s.members.some((m) => m.computer))
    ? matchOf(everyone)
    : new Map<RatedMember, Rating>();
  return seats.flatMap((s) =>
    s.members.map((m) => {
      const before = m.rating ?? newRating();
      const after = (m.computer ? afterAll.get(m) : afterPeople.get(m)) ?? before;
      return {
        id: m.id,
        computer: m.computer,
        seat: s.seat,
        before,
        after,
        shownBefore: displayRating(before),
        shownAfter: displayRating(after),
      };
    }),
  );
}

/** openskill's update of one match: each member's new rating, or nothing when fewer than two teams play. */
function matchOf(teams: readonly { seat: RatedSeat; members: readonly RatedMember[] }[]): Map<RatedMember, Rating> {
  const out = new Map<RatedMember, Rating>();
  if (teams.length < 2) return out;
  const rated = rate(
    teams.map((t) => t.members.map((m) => m.rating ?? newRating())),
    { ...RATING_MODEL, rank: teams.map((t) => t.seat.rank) },
  );
  teams.forEach((t, i) =>
    t.members.forEach((m, j) => out.set(m, { mu: rated[i]![j]!.mu, sigma: rated[i]![j]!.sigma })),
  );
  return out;
}

function checkSeats(seats: readonly RatedSeat[]): void {
  const seen = new Map<string, string>();
  for (const s of seats) {
    if (!Number.isInteger(s.rank) || s.rank < 1)
      throw new RatingError(`seat ${s.seat}: place ${s.rank} is not a whole number from 1`);
    if (s.members.length === 0) throw new RatingError(`seat ${s.seat} has no member`);
    for (const m of s.members) {
      const key = `${m.computer ? 'computer' : 'person'}:${m.id}`;
      const other = seen.get(key);
      if (other !== undefined) throw new RatingError(`${m.id} plays in two seats (${other} and ${s.seat})`);
      seen.set(key, s.seat);
      if (m.rating && !(Number.isFinite(m.rating.mu) && Number.isFinite(m.rating.sigma) && m.rating.sigma > 0))
        throw new RatingError(`${m.id}: rating ${JSON.stringify(m.rating)} is not a rating`);
    }
  }
}
