/**
 * Game settings beyond `/game create`'s options (docs/table.md "Settings beyond Discord's 25 options"): one parser
 * per setting, shared by `/game create` and `/gm set` (registry.ts `parseSetting`, `parseTableOptions`), and the
 * `/gm set` use-case (settings.ts `gmSet`).
 *
 * The feature's public face: code outside src/game/settings/ imports only from here.
 */
export {
  SETTING_NAMES,
  parseSetting,
  parseTableOptions,
  settingAbout,
  settingSuggestions,
  nameAllZones,
  type TableOptionsInput,
} from './registry.js';
export { clockState, gmSet } from './settings.js';
