/**
 * A server's library of variants (docs/variants.md "A server's variants"; `/variant add|list|remove`, Manage Server in
 * the bot): each entry a name the server chose for one stored variant file (`server_variants` → `variant_files`).
 * Adding imports and checks the upload in a worker thread (import-pool.ts) before anything is stored; a refused upload
 * stores nothing. Removing an entry leaves the stored file to the games that play it.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Variant } from '../../engine/variant.js';
import { msg, type Msg } from '../../i18n/index.js';
import { audit } from '../../store/queries.js';
import { games, sandboxes, serverVariants, variantFiles } from '../../store/schema.js';
import { first, type Tx } from '../../store/store.js';
import { allVariants } from '../../variants/index.js';
import { isStoredVariantId, loadStoredVariant, type StoredVariantTexts } from '../../variants/stored.js';
import {
  fail,
  inReadTransaction,
  inTransaction,
  type GameDeps,
  type Refusal,
  storedVariantOrLoad,
} from '../core/index.js';
import type { VariantSummary, VariantUpload } from './import-job.js';
import { importInWorker } from './import-pool.js';

/** The limits of a server's library (README and docs/variants.md say them). */
export const VARIANT_LIBRARY_LIMITS = {
  /** Variants one server may keep. */
  maxVariants: 20,
  /** One uploaded file (a variant file, a config, a `.map`, an SVG): a big DiploGM map's SVG is about 3.5 MB. */
  maxUploadBytes: 8 * 1024 * 1024,
  /** The stored variant (its map and drawing as JSON). */
  maxStoredBytes: 16 * 1024 * 1024,
  /** A variant's name in the library. */
  maxNameLength: 60,
} as const;

/** A refusal worded by the bot: a message, and for an upload the import's problems, one line each. */
export type LibraryRefusal = { ok: false; refusal: Msg; problems?: string[] };

export interface ServerVariantView {
  name: string;
  variantId: string;
  powers: number;
  centres: number;
  bytes: number;
  addedBy: string;
  addedAt: number;
  /** Unfinished games that play it. */
  liveGames: number;
}

/** The key a name is found by: trimmed, spaces collapsed, in lowercase. */
const keyOf = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A name a server may give: not empty, not too long, not a bundled variant's id or name. */
function nameRefusal(name: string): Msg | null {
  const key = keyOf(name);
  if (key === '' || key.length > VARIANT_LIBRARY_LIMITS.maxNameLength)
    return msg('variant.refused.nameLength', { max: VARIANT_LIBRARY_LIMITS.maxNameLength });
  if (allVariants().some((v) => v.id === key || v.name.toLowerCase() === key))
    return msg('variant.refused.nameBundled', { name: name.trim() });
  return null;
}

async function libraryCount(tx: Tx, guildId: string): Promise<number> {
  return first(await tx.select({ n: count() }).from(serverVariants).where(eq(serverVariants.guildId, guildId)))?.n ?? 0;
}

async function entryOf(tx: Tx, guildId: string, key: string) {
  return first(
    await tx
      .select()
      .from(serverVariants)
      .where(and(eq(serverVariants.guildId, guildId), eq(serverVariants.key, key)))
      .limit(1),
  );
}

/** Room for one more (or a replacement of `key`), or the refusal. */
async function roomFor(tx: Tx, guildId: string, key: string | null): Promise<Msg | null> {
  if (key !== null && (await entryOf(tx, guildId, key))) return null;
  return (await libraryCount(tx, guildId)) >= VARIANT_LIBRARY_LIMITS.maxVariants
    ? msg('variant.refused.full', { max: VARIANT_LIBRARY_LIMITS.maxVariants })
    : null;
}

export interface AddedVariant {
  ok: true;
  name: string;
  variantId: string;
  /** An entry of that name was there and now names this file. */
  replaced: boolean;
  summary: VariantSummary;
  notes: string[];
  png: Uint8Array;
}

/**
 * `/variant add`: checks the name and the room, imports and checks the upload in the worker thread, then stores the
 * file (once per content) and the server's entry (replacing one of the same name). `bytes`: the upload's size.
 */
export async function addServerVariant(
  deps: GameDeps,
  input: { guildId: string; userId: string; upload: VariantUpload; bytes: number },
): Promise<AddedVariant | LibraryRefusal> {
  const given = input.upload.name?.trim() || null;
  const refusal = given ? nameRefusal(given) : null;
  if (refusal) return { ok: false, refusal };
  const early = await inReadTransaction(deps, async (tx) => ({
    ok: true as const,
    full: await roomFor(tx, input.guildId, given ? keyOf(given) : null),
  }));
  if (!early.ok) return { ok: false, refusal: msg('variant.refused.internal') };
  if (early.full) return { ok: false, refusal: early.full };
  const answer = await importInWorker({ ...input.upload, name: given });
  if (!answer.ok) return { ok: false, refusal: msg('variant.refused.problems'), problems: answer.problems };
  const name = answer.summary.name.trim();
  const named = nameRefusal(name);
  if (named) return { ok: false, refusal: named };
  const size = answer.texts.map.length + (answer.texts.drawing?.length ?? 0);
  if (size > VARIANT_LIBRARY_LIMITS.maxStoredBytes)
    return { ok: false, refusal: msg('variant.refused.stored', { mib: mib(VARIANT_LIBRARY_LIMITS.maxStoredBytes) }) };
  const stored = await storeEntry(deps, { ...input, name, texts: answer.texts });
  if (!stored.ok) return stored;
  loadStoredVariant(answer.texts);
  return { ...stored, summary: answer.summary, notes: answer.notes, png: answer.png };
}

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The file (kept once per content) and the entry, in one transaction, with the room checked again. */
async function storeEntry(
  deps: GameDeps,
  input: { guildId: string; userId: string; name: string; bytes: number; texts: StoredVariantTexts },
): Promise<{ ok: true; name: string; variantId: string; replaced: boolean } | LibraryRefusal> {
  const key = keyOf(input.name);
  const refused: { full: Msg | null } = { full: null };
  const r = await inTransaction(deps, async (tx) => {
    refused.full = await roomFor(tx, input.guildId, key);
    if (refused.full) return fail('');
    const now = deps.now();
    const { id, name, map, drawing } = input.texts;
    await tx.insert(variantFiles).values({ id, name, map, drawing, createdAt: now }).onConflictDoNothing();
    const before = await entryOf(tx, input.guildId, key);
    const entry = { name: input.name, variantId: id, bytes: input.bytes, addedBy: input.userId, addedAt: now };
    if (before)
      await tx
        .update(serverVariants)
        .set(entry)
        .where(and(eq(serverVariants.guildId, input.guildId), eq(serverVariants.key, key)));
    else await tx.insert(serverVariants).values({ guildId: input.guildId, key, ...entry });
    if (before && before.variantId !== id) await forgetIfUnused(tx, before.variantId);
    await audit(tx, {
      gameId: null,
      userId: input.userId,
      action: 'variant-add',
      detail: { guild: input.guildId, name: input.name, variant: id },
      at: now,
    });
    return { ok: true as const, replaced: !!before, variantId: id };
  });
  if (refused.full) return { ok: false, refusal: refused.full };
  if (!r.ok) return { ok: false, refusal: msg('variant.refused.internal') };
  return { ok: true, name: input.name, variantId: r.variantId, replaced: r.replaced };
}

/** Drops a stored file no server's entry, game or sandbox names any more. */
async function forgetIfUnused(tx: Tx, variantId: string): Promise<void> {
  const used = async (q: Promise<{ n: number }[]>) => ((await q)[0]?.n ?? 0) > 0;
  if (await used(tx.select({ n: count() }).from(serverVariants).where(eq(serverVariants.variantId, variantId)))) return;
  if (await used(tx.select({ n: count() }).from(games).where(eq(games.variantId, variantId)))) return;
  if (await used(tx.select({ n: count() }).from(sandboxes).where(eq(sandboxes.variantId, variantId)))) return;
  await tx.delete(variantFiles).where(eq(variantFiles.id, variantId));
}

/** `/variant list`: the server's variants, by name, with how many unfinished games play each. */
export async function listServerVariants(
  deps: GameDeps,
  guildId: string,
): Promise<{ ok: true; variants: ServerVariantView[] } | Refusal> {
  return inReadTransaction(deps, async (tx) => {
    const rows = await tx
      .select()
      .from(serverVariants)
      .where(eq(serverVariants.guildId, guildId))
      .orderBy(serverVariants.key);
    const variants: ServerVariantView[] = [];
    for (const row of rows) {
      const variant = storedVariantOrLoad(row.variantId);
      const live = first(
        await tx
          .select({ n: count() })
          .from(games)
          .where(and(eq(games.variantId, row.variantId), sql`${games.status} <> 'finished'`)),
      );
      variants.push({
        name: row.name,
        variantId: row.variantId,
        powers: variant?.powers.length ?? 0,
        centres: variant?.data.provinces.filter((p) => p.supplyCenter).length ?? 0,
        bytes: row.bytes,
        addedBy: row.addedBy,
        addedAt: row.addedAt,
        liveGames: live?.n ?? 0,
      });
    }
    return { ok: true, variants };
  });
}

/** `/variant remove`: the entry goes; games that play the variant keep playing it (their file stays). */
export async function removeServerVariant(
  deps: GameDeps,
  input: { guildId: string; userId: string; name: string },
): Promise<{ ok: true; name: string; liveGames: number } | LibraryRefusal> {
  const key = keyOf(input.name);
  const seen = { unknown: false };
  const r = await inTransaction(deps, async (tx) => {
    const entry = (await entryOf(tx, input.guildId, key)) ?? (await entryById(tx, input.guildId, input.name.trim()));
    if (!entry) {
      seen.unknown = true;
      return fail('');
    }
    await tx
      .delete(serverVariants)
      .where(and(eq(serverVariants.guildId, input.guildId), eq(serverVariants.key, entry.key)));
    const live = first(
      await tx
        .select({ n: count() })
        .from(games)
        .where(and(eq(games.variantId, entry.variantId), sql`${games.status} <> 'finished'`)),
    );
    await forgetIfUnused(tx, entry.variantId);
    await audit(tx, {
      gameId: null,
      userId: input.userId,
      action: 'variant-remove',
      detail: { guild: input.guildId, name: entry.name, variant: entry.variantId },
      at: deps.now(),
    });
    return { ok: true as const, name: entry.name, liveGames: live?.n ?? 0 };
  });
  if (seen.unknown) return { ok: false, refusal: msg('variant.refused.unknown', { name: input.name.trim() }) };
  if (!r.ok) return { ok: false, refusal: msg('variant.refused.internal') };
  return r;
}

async function entryById(tx: Tx, guildId: string, id: string) {
  if (!isStoredVariantId(id)) return undefined;
  return first(
    await tx
      .select()
      .from(serverVariants)
      .where(and(eq(serverVariants.guildId, guildId), eq(serverVariants.variantId, id)))
      .limit(1),
  );
}

/** Is stored variant `variantId` in this server's library (so a game of it may be created here)? */
export async function inServerLibrary(tx: Tx, guildId: string | null, variantId: string): Promise<boolean> {
  return !!guildId && !!(await entryById(tx, guildId, variantId));
}

/** Autocomplete of `/game create variant:` and `/variant remove name:`: the server's variants matching `typed`. */
export async function serverVariantChoices(
  deps: GameDeps,
  guildId: string | null,
  typed: string,
): Promise<{ name: string; variantId: string }[]> {
  if (!guildId) return [];
  const r = await inReadTransaction(deps, async (tx) => ({
    ok: true as const,
    rows: await tx
      .select({ name: serverVariants.name, key: serverVariants.key, variantId: serverVariants.variantId })
      .from(serverVariants)
      .where(eq(serverVariants.guildId, guildId))
      .orderBy(serverVariants.key),
  }));
  if (!r.ok) return [];
  const want = keyOf(typed);
  return r.rows.filter((row) => row.key.includes(want)).map((row) => ({ name: row.name, variantId: row.variantId }));
}

/**
 * The stored variant `text` names in this server's library (its name in any case, or its id as the autocomplete
 * gives it), or null.
 */
export async function resolveServerVariant(
  deps: GameDeps,
  guildId: string | null,
  text: string,
): Promise<string | null> {
  if (!guildId) return null;
  const r = await inReadTransaction(deps, async (tx) => {
    const entry = (await entryOf(tx, guildId, keyOf(text))) ?? (await entryById(tx, guildId, text.trim()));
    return { ok: true as const, variantId: entry?.variantId ?? null };
  });
  return r.ok ? r.variantId : null;
}

/**
 * The variant `/game create variant:` names while it is being written (for the autocomplete of its other options): a
 * registered variant by id, or one of this server's, loaded into this process.
 */
export async function chosenVariant(deps: GameDeps, guildId: string | null, text: string): Promise<Variant | null> {
  const registered = allVariants().find((v) => v.id === text.trim().toLowerCase());
  if (registered) return registered;
  const id = await resolveServerVariant(deps, guildId, text);
  if (!id) return null;
  const r = await inReadTransaction(deps, async () => ({ ok: true as const, variant: storedVariantOrLoad(id) }));
  return r.ok ? (r.variant ?? null) : null;
}
