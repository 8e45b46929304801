/**
 * A server's variants (docs/variants.md "A server's variants"): the library `/variant add|list|remove` keeps, the
 * import of an upload in a worker thread, and the stored variants games play (loaded into this process when first
 * needed). The feature's one public face.
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
