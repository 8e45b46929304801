/**
 * The card game's identity: how the bot names it and offers it (like a variant's `id` and `name` in its `map.json`).
 * The layers above read these instead of spelling the game's name, so they name no game of their own.
 */
export const CARD_GAME = {
  /** `/game create variant:` value and the `games.variant_id` of a card game (data.json's `name` too). */
  id: 'warring-states-cards',
  /** The `games.kind` of its games, and the kind its outbox rows and pictures carry. */
  kind: 'cards',
  /** In sentences: "the Warring States card game". */
  name: 'Warring States card game',
  /** Headings: "Warring States · Round 3". */
  title: 'Warring States',
  /** Its entry in `/game create variant:`. */
  choice: 'Warring States — the card game (2–5 players)',
  /** The description of its own slash command (`/cards`). */
  command: 'The Warring States card game in this channel',
} as const;
