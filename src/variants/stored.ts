/**
 * Variants a server brought, as the store keeps them (docs/variants.md "A server's variants"): a variant file's data
 * split in two JSON texts, its map (everything but the drawing: what playing needs) and its drawing (`geometry`: what
 * rendering needs), under an id made from their content (`file-` and 16 hex digits of their SHA-256). Two servers
 * bringing the same file share it; a changed file is another id, so a game keeps the variant it was created with.
 *
 * Each thread keeps the variants it has loaded here: the bot's thread loads only the map (a few milliseconds even
 * for a big map; the drawing stays an unread text it hands to the render worker), a render worker loads the drawing
 * too. The texts were validated by the schema when the variant was added and are stored as the schema outputs them,
 * so loading is a JSON parse and `buildVariant`, as for a bundled variant (src/variants/define.ts `bundledData`).
 */
import { createHash } from 'node:crypto';
import type { Variant } from '../engine/variant.js';
import { buildVariant } from './define.js';
import type { VariantData } from './schema.js';

/** A stored variant's texts (`variant_files` row). */
export interface StoredVariantTexts {
  id: string;
  name: string;
  /** The variant data without `geometry`, as JSON (its `id` is the stored id). */
  map: string;
  /** `geometry` as JSON, or null for a variant file without a drawing. */
  drawing: string | null;
}

const STORED_ID = /^file-[0-9a-f]{16}$/;

/** Is this the id of a stored variant (rather than a bundled or registered one)? */
export function isStoredVariantId(id: string): boolean {
  return STORED_ID.test(id);
}

/** The stored form of validated variant data: the two texts and the id their content gives. */
export function storedFormOf(data: VariantData): StoredVariantTexts {
  const { geometry, id: _ownId, ...rest } = data;
  const drawing = geometry ? JSON.stringify(geometry) : null;
  const hash = createHash('sha256')
    .update(JSON.stringify(rest))
    .update('\n')
    .update(drawing ?? '')
    .digest('hex');
  const id = `file-${hash.slice(0, 16)}`;
  return { id, name: data.name, map: JSON.stringify({ id, ...rest }), drawing };
}

/** Variants loaded in this thread, by id: the map alone (`withDrawing` false) or with its drawing. */
const plain = new Map<string, { variant: Variant; texts: StoredVariantTexts }>();
/** With their drawing, the few most recently drawn (a big map's geometry weighs tens of megabytes). */
const drawn = new Map<string, Variant>();
const DRAWN_KEPT = 8;

/** A stored variant loaded in this thread (map only), or undefined when it has not been loaded here yet. */
export function storedVariant(id: string): Variant | undefined {
  return plain.get(id)?.variant;
}

/** The texts of a stored variant loaded in this thread (to hand to a worker thread). */
export function storedVariantTexts(id: string): StoredVariantTexts | undefined {
  return plain.get(id)?.texts;
}

/** Loads a stored variant's map in this thread (once; later calls return the same object). */
export function loadStoredVariant(texts: StoredVariantTexts): Variant {
  const known = plain.get(texts.id);
  if (known) return known.variant;
  const variant = buildVariant(JSON.parse(texts.map) as VariantData);
  plain.set(texts.id, { variant, texts });
  return variant;
}

/**
 * A stored variant with its drawing, for a render (the worker's, or this thread's when no worker runs); kept for the
 * `DRAWN_KEPT` most recently used. `texts` may leave out the texts when this thread has them already.
 */
export function drawnStoredVariant(id: string, texts?: Pick<StoredVariantTexts, 'map' | 'drawing'>): Variant | null {
  const known = drawn.get(id);
  if (known) {
    drawn.delete(id);
    drawn.set(id, known);
    return known;
  }
  const source = texts ?? plain.get(id)?.texts;
  if (!source) return null;
  const data = JSON.parse(source.map) as VariantData;
  const variant = buildVariant(source.drawing ? { ...data, geometry: JSON.parse(source.drawing) } : data);
  drawn.set(id, variant);
  while (drawn.size > DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
  return variant;
}

/** How many drawn variants a render worker keeps: the render pool sends a drawing again only once it was dropped. */
export const STORED_DRAWINGS_KEPT = DRAWN_KEPT;

/** Forgets every stored variant this thread loaded (tests: what a new process knows). */
export function forgetStoredVariants(): void {
  plain.clear();
  drawn.clear();
}
