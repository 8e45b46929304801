/**
 * A variant plug-in's texts as the game layer keeps them (docs/locales.md, "Variants' own texts"): each line a message
 * (`Msg`) the bot words in the reader's locale. A plug-in's message is one of its own catalogue keys; a plain sentence
 * (a text not yet a message) is kept as it is, shown the same in every locale.
 */
import type { Msg } from '../../i18n/index.js';
import type { PluginLine, PluginText } from '../../variants/plugin/index.js';
import { plainMsg } from '../core/index.js';

/** One line of a plug-in's as a message. */
export function pluginMsg(line: PluginLine): Msg {
  // A plug-in's keys are strings (variants sit below src/i18n); its variant's tests prove each is a catalogue key
  // (docs/locales.md, "Variants' own texts").
  return typeof line === 'string' ? plainMsg(line) : (line as unknown as Msg);
}

/** A plug-in's post or DM as message lines. */
export function pluginLines(text: PluginText): Msg[] {
  return (typeof text === 'string' || 'key' in text ? [text as PluginLine] : text).map(pluginMsg);
}
