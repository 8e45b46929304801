/** Input that cannot be read (a case of the CLI's contract, a game file): its message names what was wrong. */
export class InputError extends Error {}
