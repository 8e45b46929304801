/**
 * The plug-in migration on a database made by the previous schema: the Warhammer tables
 * (`decisive_steps`, `decisive_declarations`, `start_choices`) become the generic `phase_steps` and
 * `variant_records`, and the games go on where they stopped, with no row lost.
 *
 * The fixture (test/store/fixtures/pre-plugin-db.json) is every row of a database that the code of main at
 * 53a72ce (schema of migration 0007) wrote while playing five Warhammer games to five different points: the
 * declarations open with one declared; gm battles awaiting the report; a dice game past its battle, in Fall; the
 * Dogs of War choice with one city chosen; a gm game whose battle was reported, in Fall. The test builds that
 * database with the migrations up to 0007 alone, loads the rows, then opens it as the bot does (every migration)
 * and plays each game on.
 */
import { sqliteStoreOf } from '../../src/store/sqlite-store.js';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOldDatabase, type Fixture } from '../support/old-database.js';
import { SQLITE_MIGRATIONS_FOLDER, openDatabase, type OpenedDatabase } from '../../src/store/db.js';
import { games, phases, phaseSteps, variantRecords } from '../../src/store/schema.js';
import { resolvePhase, runAction } from '../../src/game/resolve/index.js';
import { submitOrders } from '../../src/game/orders/index.js';
import type { GameDeps } from '../../src/game/core/index.js';
import { renderInputForStepPicture } from '../../src/game/history/render-input.js';
import { internalErrors, ok } from '../game/helpers.js';

const FIXTURE: Fixture = JSON.parse(readFileSync(new URL('./fixtures/pre-plugin-db.json', import.meta.url), 'utf8'));
/** The last migration of the schema the fixture was written with. */
const BEFORE = '0007_decisive_reminders';
/** Parents before children, so the loaded rows satisfy their foreign keys. */
const LOAD_ORDER = [
  'games',
  'players',
  'phases',
  'orders',
  'decisive_steps',
  'decisive_declarations',
  'start_choices',
  'outbox',
  'audit_log',
];

const user = (power: string) => `user-${power.toLowerCase().replace(/\W+/g, '-')}`;
const count = (sqlite: Database.Database, table: string) =>
  (sqlite.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;

describe('migrating a database made before variant plug-ins', () => {
  let dir: string;
  let opened: OpenedDatabase;
  let t = FIXTURE.at;
  let deps: GameDeps;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'zhanguo-migrate-'));
    const path = join(dir, 'bot.db');
    expect(readdirSync(SQLITE_MIGRATIONS_FOLDER)).toContain(`${BEFORE}.sql`);
    expect(Object.keys(FIXTURE.tables).sort()).toEqual([...LOAD_ORDER].sort());
    writeOldDatabase(path, BEFORE, FIXTURE, LOAD_ORDER);
    opened = openDatabase(path);
    let seed = 11;
    deps = {
      store: sqliteStoreOf(opened),
      now: () => t,
      random: () => (seed = (seed * 16807) % 2147483647) / 2147483647,
    };
  });

  afterAll(() => {
    opened?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every row of the tables that stay, and moves the Warhammer rows into the generic tables', async () => {
    for (const table of ['games', 'players', 'phases', 'orders', 'outbox', 'audit_log'])
      expect([table, count(opened.sqlite, table)]).toEqual([table, FIXTURE.tables[table]!.length]);
    const tables = (
      opened.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
    ).map((r) => r.name);
    for (const gone of ['decisive_steps', 'decisive_declarations', 'start_choices']) expect(tables).not.toContain(gone);

    // One step row per phase that had a step: the four decisive phases and the Dogs of War choice.
    const steps = await opened.db.select().from(phaseSteps);
    expect(steps.map((s) => [s.phaseId, s.step])).toEqual([
      [1, 'declarations'],
      [2, 'battles'],
      [3, null],
      [5, 'muster'],
      [6, null],
    ]);
    const old = new Map(FIXTURE.tables.decisive_steps!.map((r) => [r.phase_id, r]));
    for (const s of steps.filter((s) => old.has(s.phaseId)))
      expect([s.token, s.startedAt]).toEqual([old.get(s.phaseId)!.token, old.get(s.phaseId)!.started_at]);

    const records = await opened.db.select().from(variantRecords);
    const kinds = (kind: string) => records.filter((r) => r.kind === kind);
    expect(kinds('battle-step')).toHaveLength(FIXTURE.tables.decisive_steps!.length);
    expect(kinds('declaration')).toHaveLength(FIXTURE.tables.decisive_declarations!.length);
    expect(kinds('muster-choice').map((r) => [r.phaseId, r.key, r.payload, r.writtenBy])).toEqual([
      [5, 'Estalia', { city: null, unitType: null, appliedAt: null }, null],
      [5, 'Tilea', { city: 'rema', unitType: 'F', appliedAt: null }, 'user-tilea'],
    ]);
    const declaration = kinds('declaration').find((r) => r.phaseId === 1)!;
    expect(declaration).toMatchObject({
      key: 'Bretonnia|Bretonnia',
      writtenBy: user('Bretonnia'),
      payload: { power: 'Bretonnia', commander: 'Bretonnia', unit: 'A cour', kind: 'move', province: 'wast' },
    });
    // The provisional results posts not yet sent are step posts now, with their picture.
    const posts = opened.sqlite
      .prepare(
        "SELECT kind, payload FROM outbox WHERE id IN (SELECT id FROM outbox WHERE json_extract(payload, '$.picture') = 'provisional')",
      )
      .all() as { kind: string; payload: string }[];
    expect(posts).toHaveLength(4);
    for (const p of posts) expect([p.kind, JSON.parse(p.payload).type]).toEqual(['step_post', 'step_post']);
    const drawn = await renderInputForStepPicture(deps, 1, 'provisional');
    expect(drawn?.title).toContain('provisional results');
    expect(drawn?.orders?.length).toBeGreaterThan(0);
  });

  it('plays every game on from where it stopped', async () => {
    // Read synchronously on the raw connection (the test's own checks, between use-cases).
    const phaseOf = (channelId: string) =>
      opened.db
        .select()
        .from(games)
        .all()
        .find((g) => g.channelId === channelId)!;
    const phase = (id: number) =>
      opened.db
        .select()
        .from(phases)
        .all()
        .find((p) => p.id === id)!;
    const act = async (
      channelId: string,
      userId: string,
      by: 'player' | 'gm',
      action: string,
      choice: string,
      detail: string | null = null,
    ) => ok(await runAction(deps, { channelId, userId, by, action, choice, detail }));
    /** Each game is played on a minute before its live deadline (the fixture's games stopped at different times). */
    const before = (channelId: string) => (t = phaseOf(channelId).deadlineMs! - 60_000);

    // 1. Declarations open: the Empire declares too, the step moves on to the battle; the game master reports it.
    before('chan-declaring');
    const declared = await act('chan-declaring', user('Empire'), 'player', 'declare', 'move A altd');
    expect(declared.closed).toBe(true);
    const battleStep = (await opened.db.select().from(variantRecords)).find(
      (r) => r.phaseId === 1 && r.kind === 'battle-step',
    )!.payload as {
      battles: { declarations: { power: string; unit: string }[] }[];
    };
    expect(battleStep.battles.flatMap((b) => b.declarations.map((d) => `${d.power} ${d.unit}`)).sort()).toEqual([
      'Bretonnia A cour',
      'Empire A altd',
    ]);
    before('chan-declaring');
    expect((await act('chan-declaring', 'user-gm', 'gm', 'battle', 'wast', 'Bretonnia')).reply).toContain(
      'Every battle is reported',
    );
    const spring1 = phase(1);
    expect(spring1.resolvedAt).not.toBeNull();
    // Bretonnia's declaration made before the migration counted: both sides fought, its army won.
    expect(spring1.adjudication!.results.find((r) => r.unit === 'A cour')!.result).toBe('success');

    // 2. gm battles waiting for the report: reported now, the final results follow.
    before('chan-battles');
    await act('chan-battles', 'user-gm', 'gm', 'battle', 'wast', 'Empire');
    expect(phase(2).adjudication!.results.find((r) => r.unit === 'A altd')!.result).toBe('success');

    // 3 and 5. Games in Fall after a finished step: they play their Fall to the adjustments.
    for (const channelId of ['chan-dice', 'chan-reported']) {
      const g = phaseOf(channelId);
      before(channelId);
      ok(await submitOrders(deps, { channelId, userId: user('Empire'), text: 'A nuln H' }));
      t = Math.max(t, g.deadlineMs! + 1);
      ok(await resolvePhase(deps, { gameId: g.id, phaseId: g.currentPhaseId!, reason: 'deadline' }));
      expect(phaseOf(channelId).currentPhaseId).not.toBe(g.currentPhaseId);
    }

    // 4. The Dogs of War choice: Estalia chooses; both cities (Tilea's chosen before the migration) are mustered.
    before('chan-dogs');
    const mustered = await act('chan-dogs', user('Estalia'), 'player', 'muster', 'magr', 'army');
    expect(mustered.reply).toContain('Every Dogs of War player has chosen');
    const board = phase(5).position;
    expect(board.units).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ power: 'Tilea', type: 'F', province: 'rema' }),
        expect.objectContaining({ power: 'Estalia', type: 'A', province: 'magr' }),
      ]),
    );
    expect(internalErrors).toEqual([]);
  });
});
