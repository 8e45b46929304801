/**
 * Every slash command the bot registers (names are the stable surface), each with its names and descriptions in
 * every locale we ship (src/bot/command-locales.ts).
 */
import type { BotCommand } from '../command.js';
import { localizeCommand } from '../command-locales.js';
import { botKinds } from '../kinds.js';
import { actCommand } from './act.js';
import { concedeCommand } from './concede.js';
import { drawCommand } from './draw.js';
import { gameCommand } from './game.js';
import { gmCommand } from './gm.js';
import { helpCommand } from './help.js';
import { historyCommand } from './history.js';
import { mapCommand } from './map.js';
import { orderCommand } from './order.js';
import { pressCommand } from './press.js';
import { ordersCommand } from './orders.js';
import { readyCommand } from './ready.js';
import { sandboxCommand } from './sandbox.js';
import { serverCommand } from './server.js';
import { spectateCommand } from './spectate.js';
import { variantCommand } from './variant.js';
import { whyCommand } from './why.js';

/**
 * A command as registered: its localizations filled in from the catalogues, on every read of `data` (`/game`
 * builds its own on each read, so a variant registered later is offered). The localized body is kept for the
 * English body it was made from: each start of the bot reads every command twice (router, registration).
 */
const localized = (command: BotCommand): BotCommand => {
  const { data: _data, ...rest } = command;
  let made: { from: string; data: BotCommand['data'] } | null = null;
  return {
    ...rest,
    get data() {
      const english = command.data;
      const from = JSON.stringify(english);
      if (made?.from !== from) made = { from, data: localizeCommand(structuredClone(english)) };
      return made.data;
    },
  };
};

const played: BotCommand[] = [
  gameCommand,
  orderCommand,
  ordersCommand,
  readyCommand,
  actCommand,
  mapCommand,
  whyCommand,
  historyCommand,
  gmCommand,
  drawCommand,
  concedeCommand,
  pressCommand,
  spectateCommand,
  serverCommand,
  variantCommand,
  // the game kinds' own commands (src/bot/kinds.ts: the card game's `/cards`)
  ...botKinds().flatMap((k) => k.commands),
  sandboxCommand,
].map(localized);

export const commands: BotCommand[] = [...played, localized(helpCommand(played))];
