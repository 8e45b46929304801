/**
 * Classic map seed points in real geography (longitude, latitude in degrees), hand-placed from an atlas:
 * a few points per province along its real extent. `tune-classic-geometry.ts` projects them and tunes
 * them until the drawn borders equal the official adjacency; the result is src/variants/classic/geometry.json.
 */
import { lensProjection, type LensProjection } from '../projection.js';

export type LonLat = [number, number];

/**
 * Equirectangular around 48°N with a lens on the Alps (src/render/projection.ts): Bohemia, Tyrolia,
 * Piedmont and the Italian provinces are drawn about 1.5 times as large per degree as the rim, and a
 * smaller one on Britain, so each province holds a unit and its label.
 */
export const CLASSIC_PROJECTION: LensProjection = {
  kind: 'lens',
  west: -24,
  east: 48.0,
  south: 29.0,
  north: 72.6,
  parallel: 48,
  focusLon: 13,
  focusLat: 44.5,
  spreadLon: 5.5,
  spreadLat: 4.5,
  gain: 0.55,
  width: 1156,
  // Britain: Edinburgh, Liverpool and Wales are narrow strips at the base scale.
  more: [
    { axis: 'lon', focus: -2.8, spread: 2.2, gain: 0.7 },
    { axis: 'lat', focus: 54.5, spread: 2.6, gain: 0.5 },
    // Southern Italy: Apulia and Naples.
    { axis: 'lon', focus: 16.2, spread: 1.6, gain: 0.6 },
    { axis: 'lat', focus: 40.8, spread: 1.2, gain: 0.5 },
  ],
};
const lens = lensProjection(CLASSIC_PROJECTION);
export const FRAME = { width: lens.width, height: lens.height };

export function unproject(p: [number, number]): LonLat {
  const [lat, lon] = lens.unproject(p);
  return [lon, lat];
}

export function project([lon, lat]: LonLat): [number, number] {
  const [x, y] = lens.project(lat, lon);
  return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
}

export const classicSeeds: Record<string, LonLat[]> = {
  // Seas
  nao: [
    [-20, 60],
    [-14, 56.5],
    [-21, 53],
    [-13, 62.5],
    [-18, 50.5],
    [-11.2, 53.2],
    [-10.8, 51.4],
    [-9, 55.8],
    [-19.5, 62.6],
    [-22.5, 64.5],
    [-14.5, 64.6],
    [-7.8, 57.2],
    [-6.6, 55.7],
    [-8.5, 58.8],
  ],
  nwg: [
    [0, 66],
    [-8, 68],
    [8, 69.5],
    [2, 63],
    [-16, 71],
    [12, 71.8],
    [-18.5, 67.3],
    [-4, 59.4],
    [-1, 60.6],
    [-6, 59.2],
    [1.5, 61.5],
    [19.5, 71.0],
  ],
  bar: [
    [35, 72],
    [25, 71.8],
    [44, 71.5],
    [40, 69.8],
    [29, 70.6],
  ],
  nth: [
    [3, 56],
    [4, 54.2],
    [1, 58],
    [3.5, 60],
    [1.6, 53],
    [-1, 57.5],
    [0.5, 55.5],
    [7.0, 56.4],
    [6.6, 55.4],
    [-1.5, 56.3],
  ],
  ska: [
    [9.5, 57.9],
    [8.2, 58],
    [11.3, 57.0],
    [11.6, 56.3],
  ],
  hel: [
    [7.8, 54.3],
    [6.5, 53.9],
    [8.0, 54.9],
  ],
  bal: [
    [18, 56],
    [15, 55],
    [20, 58.5],
    [13, 54.6],
    [12.9, 55.0],
  ],
  bot: [
    [20, 62],
    [22.5, 64.5],
    [21, 60.3],
    [24.5, 65.4],
    [25, 59.8],
    [27.5, 60.1],
  ],
  eng: [
    [-3, 50],
    [0, 50.3],
    [-5.5, 49.4],
    [1.4, 50.8],
    [-4.5, 50.0],
  ],
  iri: [
    [-5.2, 53.6],
    [-8, 51.2],
    [-5.5, 51.5],
    [-4.6, 54.1],
    [-5.5, 52.4],
    [-7.2, 51.4],
  ],
  mao: [
    [-15, 45],
    [-20, 40],
    [-12, 38],
    [-9, 47],
    [-7.5, 44.2],
    [-11, 33],
    [-20, 34],
    [-22, 46],
    [-6, 47.6],
    [-4.5, 46.2],
    [-3, 44.6],
    [-7.2, 36.3],
    [-10.2, 40.2],
  ],
  wes: [
    [2, 38.5],
    [5, 38.8],
    [7, 38.2],
    [-3.6, 36.1],
    [-1.5, 36.5],
    [0.7, 37.6],
  ],
  lyo: [
    [5, 42.5],
    [3.8, 42.3],
    [7.5, 43.1],
  ],
  tys: [
    [11.5, 40],
    [12.5, 39],
    [10.6, 42.3],
  ],
  ion: [
    [18, 37],
    [16, 35],
    [21, 36.5],
    [14, 33.5],
    [20.5, 33.5],
    [17.5, 39.2],
    [19.0, 40.0],
  ],
  adr: [
    [15, 43],
    [17.5, 42],
    [13, 44.5],
    [18.8, 41.2],
    [14.6, 42.8],
    [16.6, 41.9],
  ],
  aeg: [
    [25, 39],
    [24.8, 37],
    [26, 36],
    [24, 40.3],
  ],
  eas: [
    [32, 34],
    [29, 34.5],
    [34.5, 34.8],
    [27, 33.2],
    [31, 32.2],
  ],
  bla: [
    [34, 43],
    [31, 43.5],
    [37, 42.5],
    [40, 42.3],
    [29.5, 42.5],
    [32.5, 41.9],
  ],

  // Britain
  cly: [
    [-5, 57.4],
    [-4.4, 55.9],
    [-4.5, 58.1],
    [-5.2, 56.6],
  ],
  edi: [
    [-3.2, 56.3],
    [-2.6, 57.3],
    [-2.6, 55.7],
    [-3.9, 57.4],
  ],
  lvp: [
    [-2.9, 54.3],
    [-3, 53.3],
    [-3.2, 55.0],
    [-4.4, 55.1],
  ],
  yor: [
    [-0.9, 54.1],
    [-0.8, 53.3],
    [-1.5, 54.9],
  ],
  wal: [
    [-3.7, 52.2],
    [-3.6, 51.6],
    [-4.6, 51.9],
  ],
  lon: [
    [-0.2, 51.5],
    [0.8, 52.2],
    [-1, 51.3],
  ],

  // Scandinavia and Russia
  nwy: [
    [8, 60],
    [10, 62.5],
    [14, 66.5],
    [19, 69.5],
    [6.5, 58.8],
    [11, 59.4],
    [25.5, 70.3],
  ],
  swe: [
    [15, 60],
    [14, 57],
    [17, 63],
    [20.5, 66.8],
    [12.9, 56.2],
    [18, 59.3],
  ],
  fin: [
    [26, 62],
    [25.5, 65],
    [27.5, 68],
    [23, 61],
    [29, 64.5],
  ],
  stp: [
    [30, 60],
    [34, 63],
    [34.5, 67.5],
    [40, 65],
    [46, 63],
    [29, 58.5],
    [31.5, 69],
  ],
  mos: [
    [37, 55.7],
    [32, 54],
    [45, 58],
    [43, 52.5],
    [38, 60],
  ],
  lvn: [
    [24, 57],
    [25, 55.6],
    [27, 58.5],
    [22.5, 56.8],
  ],
  pru: [
    [20.2, 54.2],
    [17.3, 54.1],
    [22, 54.3],
  ],
  war: [
    [21, 52.2],
    [19.7, 51],
    [23.5, 51.7],
  ],
  ukr: [
    [31, 49],
    [28, 49.5],
    [35, 49.5],
    [30.5, 48.3],
  ],
  sev: [
    [34, 45],
    [38.5, 47],
    [43, 45],
    [45, 50],
    [40, 44],
    [34, 45.5],
    [32.6, 46.7],
  ],

  // Central Europe
  den: [
    [9.3, 56.3],
    [9, 55.4],
    [12, 55.5],
    [10.3, 55.3],
    [11.6, 54.8],
  ],
  kie: [
    [10, 54],
    [8.5, 53],
    [11, 53.6],
    [7.5, 52.6],
  ],
  ber: [
    [13.4, 52.5],
    [13, 53.8],
    [14.6, 53.4],
  ],
  sil: [
    [17, 51],
    [15.8, 51.2],
  ],
  mun: [
    [11.5, 48.2],
    [10, 49.5],
    [8.5, 48.5],
    [12.4, 49.7],
  ],
  ruh: [
    [7, 51.2],
    [7.5, 50],
    [8.5, 50.9],
  ],
  hol: [
    [5.3, 52.3],
    [6.2, 52.6],
  ],
  bel: [
    [4.5, 50.6],
    [3.6, 51],
  ],
  boh: [
    [14.5, 49.8],
    [13.4, 49.6],
    [16, 49.4],
  ],
  tyr: [
    [11.5, 46.8],
    [13.5, 47],
    [10.6, 46.3],
  ],
  vie: [
    [16.4, 48],
    [15.5, 47.2],
    [14.6, 48.3],
  ],
  bud: [
    [19, 47.5],
    [21.5, 47],
    [18, 46.5],
  ],
  gal: [
    [24, 49.5],
    [20.5, 49.8],
    [25.5, 48.2],
  ],
  swi: [
    [8.2, 46.8],
    [7.2, 46.5],
  ],

  // France and Iberia
  pic: [
    [2.3, 49.9],
    [1, 49.7],
  ],
  bre: [
    [-3, 48.2],
    [-1.5, 48.3],
    [-4.2, 48.4],
  ],
  par: [
    [2.3, 48.5],
    [1, 47.5],
  ],
  bur: [
    [4.8, 47.3],
    [5.5, 48.7],
    [4.3, 46],
    [3.8, 49.4],
  ],
  gas: [
    [-0.6, 44.5],
    [0.5, 45.5],
    [-1.3, 46.1],
  ],
  mar: [
    [5, 43.6],
    [3, 43.5],
    [6.1, 44.6],
    [2.5, 42.8],
  ],
  spa: [
    [-3.7, 40.4],
    [-5, 42.5],
    [-1, 38.5],
    [-2, 41.7],
    [-4.5, 37.5],
    [-7.5, 43.3],
  ],
  por: [
    [-8.2, 40.5],
    [-8.3, 38],
  ],

  // Italy and the Balkans
  pie: [
    [7.7, 45],
    [8.5, 44.4],
  ],
  ven: [
    [11.8, 45.5],
    [13.3, 43.7],
    [10.8, 45.1],
    [13.9, 42.6],
  ],
  tus: [
    [11, 43.4],
    [10.4, 44],
  ],
  rom: [
    [12.5, 41.9],
    [13.1, 41.4],
  ],
  nap: [
    [15.5, 40.8],
    [16.3, 39.2],
    [14, 37.6],
  ],
  apu: [
    [15.9, 41.15],
    [15.2, 41.8],
    [17.6, 40.5],
    [16.8, 40.9],
  ],
  tri: [
    [14, 45.8],
    [16, 44],
    [15.4, 45.5],
    [17.5, 43.5],
  ],
  ser: [
    [20.5, 44],
    [21, 43],
  ],
  alb: [
    [20, 41.3],
    [19.9, 40.5],
  ],
  gre: [
    [22, 39.5],
    [22.5, 38],
    [21.8, 40.5],
  ],
  bul: [
    [25, 42.5],
    [27.3, 42.5],
    [23.5, 42.7],
  ],
  rum: [
    [25, 45],
    [28, 45],
    [27, 46.5],
    [23, 45.5],
    [29.8, 46.4],
  ],

  // Turkey and Africa
  con: [
    [28.9, 41],
    [27.5, 40.5],
    [29.5, 40.2],
  ],
  ank: [
    [32.8, 39.9],
    [33, 41.5],
    [36, 41],
  ],
  smy: [
    [27.2, 38.4],
    [30, 37.5],
    [33, 37],
    [35, 37.2],
  ],
  arm: [
    [40, 40],
    [43, 39.5],
    [41.6, 41.3],
    [38, 39],
  ],
  syr: [
    [36.5, 35.5],
    [38, 36.5],
    [40, 37],
    [36.2, 33.8],
  ],
  naf: [
    [-7, 33],
    [-1, 34],
    [3, 35.5],
    [6.5, 36.3],
  ],
  tun: [
    [9.8, 35],
    [10.1, 36.7],
  ],
};

/** Land outside the playing area (and unplayable islands), drawn as off-map land. */
export const classicOffmapLand: LonLat[] = [
  // Sahara, Libya, Egypt
  [-6, 30],
  [4, 30.3],
  [12, 30.2],
  [20, 30.5],
  [28, 29.8],
  // Levant beyond Syria, Mesopotamia, Persia
  [38, 32.5],
  [44, 34],
  [46.5, 38.5],
  // Ireland, Iceland, Corsica, Sardinia, Crete, Cyprus
  [-8, 53.2],
  [-8.5, 52.2],
  [-7.8, 54.5],
  [-6.4, 53.4],
  [-6.2, 54.4],
  [-19, 64.8],
  [9.1, 42.1],
  [9, 40],
  [25, 35.2],
  [33.2, 35.1],
];

/** Unit spots chosen by hand where the deepest point of a big sea is too far from where play happens. */
export const classicAnchors: Record<string, LonLat> = {
  mao: [-11.5, 44.5],
  nao: [-15.5, 57.5],
  nwg: [1.5, 66.5],
  bar: [37, 71.2],
  ion: [18.5, 36.5],
  eas: [31, 34],
  wes: [3, 38.6],
  nap: [15.7, 40.7],
  // Split coasts on their own water: Spain's south coast faces the Western Med (not Gibraltar's tip),
  // St Petersburg's north coast the Barents Sea east of the Kola, Bulgaria's east coast the Black Sea between Varna and
  // Burgas (by the coast's own middle, a fleet from Rumania or the Black Sea reached it in Rumania or at its edge).
  'spa/sc': [-1.6, 37.9],
  'stp/nc': [37.8, 67.25],
  'bul/ec': [26.9, 42.9],
};

/**
 * Inland seas the Classic map paints as land (lon0, lat0, lon1, lat1): the White Sea (St Petersburg),
 * the Sea of Azov (Sevastopol), the Sea of Marmara (Constantinople).
 */
export const classicNoCoast: [number, number, number, number][] = [
  [32, 63.4, 42.5, 68],
  [34.5, 45, 39.8, 47.6],
  [26.1, 40.0, 29.6, 41.3],
];
