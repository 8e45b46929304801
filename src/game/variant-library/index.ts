/**
 * A server's variants (docs/variants.md "A server's variants"): `/variant add|list|remove` (library.ts
 * `addServerVariant`, `listServerVariants`, `removeServerVariant`), the import of an upload in a worker thread
 * (import-job.ts, import-pool.ts), and a game's choice among them (`chosenVariant`).
 *
 * The feature's public face: code outside src/game/variant-library/ imports only from here.
 */
export type { UploadedFile } from './import-job.js';
export {
  addServerVariant,
  chosenVariant,
  inServerLibrary,
  listServerVariants,
  removeServerVariant,
  resolveServerVariant,
  serverVariantChoices,
  VARIANT_LIBRARY_LIMITS,
  type AddedVariant,
  type LibraryRefusal,
} from './library.js';
