/**
 * Game settings beyond `/game create`'s options (docs/table.md "Settings beyond Discord's 25 options"): the registry of
 * settings (one parser each, shared by `/game create` and `/gm set`) and the `/gm set` use-case.
 *
 * This file is the feature's public face: code outside src/game/settings/ imports only from here.
 */
export {
  SETTING_NAMES,
  parseSetting,
  parseTableOptions,
  settingAbout,
  settingSuggestions,
  type TableOptionsInput,
} from './registry.js';
export { clockState, gmSet } from './settings.js';
