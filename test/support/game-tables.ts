/**
 * What "the real game" is to the sandbox tests (issue 25: a sandbox leaves the game's stored orders and phases byte
 * for byte unchanged): every table of the database but the sandboxes' own and those that change with any command
 * whatever it touches, row by row in rowid order, as one JSON text to compare before and after.
 */
import type Database from 'better-sqlite3';

/**
 * Tables a sandbox may change or that change by themselves: its own rows, SQLite's counters, the members' command
 * budgets (every command spends one) and the outbox deliverers' heartbeats (a running bot's clock).
 */
export const NOT_THE_GAME = ['sandboxes', 'sqlite_sequence', 'cooldowns', 'deliverers'] as const;

/** Every table but `NOT_THE_GAME`, each with all its rows, as JSON. */
export function gameTables(sqlite: Database.Database): string {
  const names = (
    sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]
  )
    .map((r) => r.name)
    .filter((name) => !(NOT_THE_GAME as readonly string[]).includes(name));
  return JSON.stringify(names.map((name) => [name, sqlite.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]));
}
