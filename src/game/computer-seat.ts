/**
 * Who holds a seat: a person (a Discord user id, digits) or a computer player (`computer:<power>`, issue 22 §5; see
 * computer.ts). No Discord id has a colon, so the two never meet.
 */
const PREFIX = 'computer:';

/** The user id of the computer player holding `power`. */
export function computerUserId(power: string): string {
  return `${PREFIX}${power}`;
}

export function isComputer(userId: string): boolean {
  return userId.startsWith(PREFIX);
}

/** How a seat's holder is named in any message: a mention, or "a computer player". */
export function playerName(userId: string): string {
  return isComputer(userId) ? 'a computer player' : `<@${userId}>`;
}
