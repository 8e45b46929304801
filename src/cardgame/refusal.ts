/**
 * A refused action: a sentence for the player. Thrown only inside the engine and caught by `apply`, which turns
 * it into `{ok: false, error}`; no caller ever sees it thrown. Not an Error: legality checks throw and catch it
 * often (legal-move listing), and a stack trace would be wasted work.
 */
export class Refusal {
  constructor(readonly message: string) {}
}

export function refuse(sentence: string): never {
  throw new Refusal(sentence);
}
