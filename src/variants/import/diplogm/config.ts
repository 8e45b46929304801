/**
 * A DiploGM variant's config (`config.json` or `config.toml`, merged over its family folder's config as DiploGM
 * merges versioned variants), read leniently: the keys DiploGM reads are checked, the rest passes. What DiploGM can
 * do and Zhanguo cannot represent (transformation, dp, fog of war, chaos, core builds, …) is refused here, by name.
 * Format notes and the list of refusals: docs/variants.md "DiploGM".
 */
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';

const colour = z.union([z.string(), z.object({ standard: z.string() }).passthrough()]);
const flag = z.union([z.boolean(), z.string()]).optional();

const provinceOverride = z
  .object({
    coasts: z.record(z.string(), z.array(z.string())).optional(),
    adjacencies: z.array(z.string()).optional(),
    coastal_adjacencies: z.array(z.string()).optional(),
    remove_adjacencies: z.array(z.string()).optional(),
    difficult_adjacency: z.array(z.string()).optional(),
    remove_adjacent_coasts: z.array(z.string()).optional(),
    remove_adjacent_land: z.array(z.string()).optional(),
    unit_loc: z.array(z.tuple([z.number(), z.number()])).optional(),
  })
  .passthrough();

const svgConfig = z
  .object({
    detect_starting_units: z.boolean(),
    unit_type_labeled: z.boolean(),
    unit_type_from_names: z.boolean().optional(),
    province_labels: z.boolean().optional(),
    border_margin_hint: z.number().min(0).max(50),
    neutral: colour,
    neutral_sc: z.string(),
    impassable: colour.optional(),
    loc_x_offset: z.number().optional(),
    loc_y_offset: z.number().optional(),
  })
  .passthrough();

const configSchema = z
  .object({
    name: z.string().min(1),
    file: z.string().min(1),
    'svg config': svgConfig,
    year: z.number().int().optional(),
    first_season: z.string().optional(),
    build_options: z.string().optional(),
    victory_conditions: z.string().optional(),
    victory_count: z.number().int().positive().optional(),
    convoyable_islands: z.string().optional(),
    transformation: z.string().optional(),
    dp: z.string().optional(),
    fow: z.string().optional(),
    chaos: z.string().optional(),
    abbreviations: z.record(z.string(), z.string()).optional(),
    overrides: z
      .object({ provinces: z.record(z.string(), provinceOverride).optional() })
      .passthrough()
      .optional(),
    players: z.union([
      z.string(),
      z.record(z.string(), z.object({ color: colour, active: flag, disabled: flag }).passthrough()),
    ]),
  })
  .passthrough();

export type DiplogmConfig = z.infer<typeof configSchema>;
export type ProvinceOverride = z.infer<typeof provinceOverride>;

/** A config file as given: its name (`config.json`, `config.toml`) and text. */
export interface ConfigText {
  name: string;
  text: string;
}

type Read = { ok: true; config: DiplogmConfig } | { ok: false; problems: string[] };

/** The config merged over its parent's (when given), checked; problems name the key and the file. */
export function readConfig(own: ConfigText, parent?: ConfigText): Read {
  const problems: string[] = [];
  const load = (c: ConfigText): Record<string, unknown> | null => {
    try {
      const raw = c.name.toLowerCase().endsWith('.toml') ? parseToml(c.text) : JSON.parse(c.text);
      if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) return raw as Record<string, unknown>;
      problems.push(`${c.name}: not a table of settings`);
    } catch (e) {
      problems.push(`${c.name}: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
    }
    return null;
  };
  const mine = load(own);
  const base = parent ? load(parent) : {};
  if (!mine || !base) return { ok: false, problems };
  const merged = dropDisabledPlayers(deepMerge(base, mine));
  const parsed = configSchema.safeParse(merged);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => `${own.name}: ${i.path.join('.') || '(root)'}: ${i.message}`),
    };
  return { ok: true, config: parsed.data };
}

const isTable = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** DiploGM's merge: tables merge key by key, anything else (lists included) is replaced. */
function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isTable(out[k]) && isTable(v) ? deepMerge(out[k], v) : v;
  return out;
}

/** A player a version's config disables (`disabled = "true"`) is no player. */
function dropDisabledPlayers(config: Record<string, unknown>): Record<string, unknown> {
  if (!isTable(config.players)) return config;
  const players = Object.fromEntries(
    Object.entries(config.players).filter(([, p]) => !(isTable(p) && truthy(p.disabled, false))),
  );
  return { ...config, players };
}

/** DiploGM's flags are booleans or the strings "true"/"false". */
export const truthy = (v: unknown, fallback: boolean): boolean =>
  v === undefined ? fallback : typeof v === 'boolean' ? v : String(v).toLowerCase() === 'true';

/** A colour setting's standard colour, as DiploGM compares them: lowercase hex without `#`. */
export const standardColour = (c: z.infer<typeof colour>): string =>
  normalizeHex(typeof c === 'string' ? c : c.standard);

export function normalizeHex(c: string): string {
  const s = c.trim().toLowerCase().replace(/^#/, '');
  return /^[0-9a-f]{3}$/.test(s) ? [...s].map((d) => d + d).join('') : s;
}

/**
 * What the variant uses that Zhanguo's Classic rules cannot play, each named (`hasIslands`: the map has island
 * provinces, which is when `convoyable_islands` matters).
 */
export function refusedFeatures(config: DiplogmConfig, hasIslands: boolean): string[] {
  const out: string[] = [];
  const on = (v: string | undefined) => v !== undefined && v.toLowerCase() === 'enabled';
  if (on(config.transformation)) out.push('transformation: enabled (units that change type) is not supported');
  if (on(config.dp)) out.push('dp: enabled (diplomacy points) is not supported');
  if (on(config.fow)) out.push('fow: enabled (DiploGM fog of war) is not supported');
  if (typeof config.players === 'string' || on(config.chaos))
    out.push('chaos: a chaos game (every centre its own player) is not supported');
  const builds = config.build_options ?? 'classic';
  if (!['classic', 'anywhere'].includes(builds))
    out.push(`build_options: "${builds}" is not supported (only "classic" and "anywhere")`);
  const victory = config.victory_conditions ?? 'classic';
  if (victory !== 'classic')
    out.push(`victory_conditions: "${victory}" is not supported (only "classic": one centre count for everyone)`);
  if (on(config.convoyable_islands) && hasIslands)
    out.push('convoyable_islands: enabled (fleets convoying from islands) is not supported');
  if (config['svg config'].province_labels === false)
    out.push('svg config: province_labels: false is not supported (provinces are named by their Inkscape labels)');
  for (const [name, o] of Object.entries(config.overrides?.provinces ?? {}))
    if ((o.difficult_adjacency ?? []).length > 0) out.push(`overrides: ${name}: difficult_adjacency is not supported`);
  return out;
}
