/**
 * The geography of the Warring States map (and of Mandate of Heaven, which reuses it): the projection and
 * the hand-placed seeds of every cell in real latitude/longitude. `build-ws-geometry.ts` (and, renamed and with
 * two cells more, `build-moh-geometry.ts`) turns them,
 * with the Natural Earth coastline and the variant's river courses, into a variant's `geometry.json`.
 *
 * Seeds are "attractors": a point of land belongs to the land province whose seed is nearest (after a
 * gentle warp that makes borders meander), a point of sea to the nearest sea seed. They do not need to
 * lie on land or at sea. Most come from the Warring States map brief's seeds (§1) (tuned there so the Voronoi
 * graph reproduces the seed rules' adjacencies); the tool adds repair seeds until the drawn borders equal
 * the adjacency exactly (they are kept in `repairSeeds`, so a re-run starts where the last one ended).
 */
import type { LensProjection } from '../projection.js';

/** [latitude, longitude] in degrees. */
export type LatLon = [number, number];

/**
 * Lens projection: the central plain (Luoyang–Daliang–Puyang–Song), where seven powers meet in small
 * historical provinces, is drawn about twice as large per degree as the steppe and the far south.
 */
export const CHINA_PROJECTION: LensProjection = {
  kind: 'lens',
  west: 101.8,
  east: 126.9,
  south: 25.4,
  north: 43.7,
  parallel: 34,
  focusLon: 114.2,
  focusLat: 34.9,
  spreadLon: 2.9,
  spreadLat: 2.1,
  gain: 1.9,
  width: 1600,
};

/** Warring States cells by province id (the map brief's seeds, then adjusted on the picture). */
export const WS_SEEDS: Record<string, LatLon[]> = {
  any: [
    [34.9, 110.85],
    [35.15, 112.0],
  ],
  ba: [[29.6, 106.6]],
  bei: [[36.6, 107.2]],
  boh: [
    [38.6, 118.7],
    [39.1, 119.9],
    [37.6, 119.5],
    [38.4, 120.8],
  ],
  cai: [[33.15, 114.3]],
  cao: [[35.1, 115.8]],
  cha: [[30.6, 114.3]],
  che: [[33.7, 114.9]],
  dai: [
    [39.8, 114.5],
    [39.55, 114.1],
  ],
  dal: [[34.75, 114.6]],
  dan: [
    [32.95, 111.9],
    [33.55, 111.35],
  ],
  diq: [
    [35.8, 115.3],
    [36.25, 116.2],
  ],
  don: [[34.7, 118.9]],
  // Donghu wraps north of Liaoxi to meet Liaodong (Yan's northern wall ends at Xiangping).
  dhu: [
    [42.4, 119.0],
    [41.6, 116.6],
    [42.3, 121.8],
  ],
  ecs: [
    [31.0, 123.0],
    [29.5, 122.8],
    [32.0, 124.5],
    [28.3, 121.8],
    [27.3, 121.0],
  ],
  gao: [[37.65, 114.4]],
  gua: [
    [39.15, 116.95],
    [38.75, 117.35],
  ],
  // Hanchung reaches west to Tongguan: it borders Xianyang (the Hangu road) and parts Anyi from Wu Pass.
  hch: [
    [34.45, 111.45],
    [34.4, 110.6],
  ],
  han: [[36.65, 114.45]],
  hed: [
    [35.9, 110.78],
    [36.05, 110.65],
  ],
  hen: [[35.2, 113.4]],
  hua: [[33.0, 115.9]],
  // Ji–Bo Hai is a drawn link (the Hai river), not a coast: Guangyang and Yuyang share the coast between.
  ji: [
    [39.9, 116.35],
    [39.62, 116.45],
  ],
  jia: [[36.9, 120.6]],
  jin: [[37.7, 112.3]],
  jiu: [[31.1, 117.0]],
  jyi: [[33.1, 120.0]],
  jyu: [[40.6, 109.8]],
  jul: [[37.3, 115.45]],
  jpa: [
    [40.35, 116.0],
    [40.6, 116.35],
    [40.45, 115.8],
  ],
  kor: [
    [38.9, 123.4],
    [38.5, 124.6],
    [39.5, 124.3],
  ],
  lia: [
    [41.4, 123.2],
    [39.8, 122.2],
  ],
  lba: [
    [40.4, 121.1],
    [39.9, 120.5],
  ],
  lxi: [
    [41.3, 120.7],
    [41.5, 120.2],
  ],
  // Libei holds the coast north of the Yellow River's mouth.
  lib: [
    [37.3, 116.6],
    [37.85, 118.0],
  ],
  lhu: [[39.3, 110.1]],
  lin: [
    [36.75, 118.1],
    [36.55, 117.2],
  ],
  lfa: [[39.1, 111.8]],
  lu: [[35.6, 117.0]],
  luo: [
    [34.75, 112.45],
    [34.45, 112.9],
  ],
  nan: [
    [33.1, 107.1],
    [32.75, 108.8],
  ],
  // Pingyang reaches north-west to meet Shang (so Hedong and Jinyang do not touch).
  pin: [
    [36.05, 111.6],
    [36.75, 111.1],
  ],
  qur: [[30.9, 108.9]],
  ron: [[34.9, 105.2]],
  sha: [[37.6, 109.5]],
  sgg: [
    [40.75, 115.3],
    [40.6, 114.85],
  ],
  syo: [[32.3, 110.3]],
  stg: [[36.2, 113.0]],
  sli: [[35.65, 110.3]],
  // Shouchun reaches north between Huaiyang and Xu to meet Tang.
  sch: [
    [32.55, 116.8],
    [33.3, 116.7],
  ],
  shu: [[30.7, 104.1]],
  sis: [[34.65, 117.15]],
  son: [[34.45, 115.6]],
  sny: [[29.8, 118.9]],
  tai: [[38.5, 112.7]],
  tan: [[34.3, 116.45]],
  wei: [[35.3, 114.6]],
  wu: [
    [31.4, 120.1],
    [32.2, 120.2],
  ],
  wpa: [[33.75, 110.45]],
  xia: [[34.4, 109.2]],
  xio: [
    [40.0, 107.2],
    [42.0, 108.6],
  ],
  xu: [[33.8, 117.9]],
  yyu: [[28.0, 115.0]],
  yzh: [[34.05, 113.4]],
  yan: [[40.1, 112.9]],
  yyi: [[31.7, 112.3]],
  ye: [[36.05, 114.3]],
  ylg: [[27.0, 106.5]],
  yel: [
    [36.3, 122.5],
    [35.0, 121.3],
    [34.0, 122.5],
    [37.2, 123.8],
    [35.5, 124.5],
    [33.3, 121.5],
  ],
  yin: [[30.4, 112.2]],
  ysh: [
    [41.45, 111.0],
    [41.9, 113.3],
  ],
  yiy: [[34.1, 112.25]],
  yon: [[34.5, 107.4]],
  yue: [
    [29.9, 120.6],
    [28.0, 119.8],
  ],
  yuy: [[40.15, 117.8]],
  zhe: [[34.6, 113.4]],
  zmo: [[34.8, 114.0]],
  zho: [[38.5, 114.8]],
};

/** Land outside the game: Korea (Mandate of Heaven puts Choson here). */
export const WS_OFFMAP_LAND: LatLon[] = [
  [38.2, 127.0],
  [39.6, 126.6],
  [40.9, 127.6],
  [37.0, 127.2],
];
