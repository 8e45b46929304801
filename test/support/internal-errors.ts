/**
 * The internal errors the game layer reported while a test ran (test/game/helpers.ts registers the hook that fills
 * it): one list per worker, since the files share their worker's modules, emptied before each file
 * (test/support/fresh-file.ts). A module of its own, without imports, so that emptying it costs a file nothing.
 */
export const internalErrors: unknown[] = [];
