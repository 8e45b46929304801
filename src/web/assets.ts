/**
 * The page's files, held in memory with their compressed forms (docs/pad.md "The page"): the bundle esbuild made
 * (dist/web/ when the bot runs compiled; built in memory from src/web/page when it runs from the sources) and the
 * web fonts (assets/fonts/web/). Names are content-hashed, so they are served as immutable. The fonts' @font-face
 * rules are appended to the style sheet here, from assets/fonts/web/fonts.json.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { FONT_FAMILY } from '../render/font-stack.js';
import { PROJECT_ROOT, RUNNING_FROM_SOURCE } from '../paths.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface Asset {
  type: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface PageAssets {
  /** URL path (`/assets/pad-AB12.js`) → file. */
  files: Map<string, Asset>;
  script: string;
  style: string;
  /** The Latin fonts, preloaded by every page. */
  preload: string[];
}

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  woff2: 'font/woff2',
};

interface FontEntry {
  file: string;
  weight: number;
  unicodeRange: string;
}

async function asset(name: string, raw: Buffer): Promise<Asset> {
  const type = TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
  const text = !name.endsWith('.woff2');
  return {
    type,
    raw,
    br: text ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : raw,
    gzip: text ? await gzipped(raw, { level: 9 }) : raw,
  };
}

/** The bundle: from dist/web/ when compiled, else built now in memory (esbuild, a development dependency). */
async function bundle(): Promise<{ files: Map<string, Buffer>; script: string; style: string }> {
  const dist = join(PROJECT_ROOT, 'dist', 'web');
  if (!RUNNING_FROM_SOURCE && existsSync(join(dist, 'entries.json'))) {
    const entries = JSON.parse(readFileSync(join(dist, 'entries.json'), 'utf8')) as { script: string; style: string };
    const files = new Map<string, Buffer>();
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else if (/\.(js|css)$/.test(e.name)) files.set(relative(dist, path).split('\\').join('/'), readFileSync(path));
      }
    };
    walk(dist);
    return { files, ...entries };
  }
  const page = (await import(pathToFileURL(join(PROJECT_ROOT, 'scripts', 'page.mjs')).href)) as {
    buildPage(
      root: string,
      outdir: string,
      write: boolean,
    ): Promise<{ files: Map<string, Buffer>; script: string; style: string }>;
  };
  return await page.buildPage(PROJECT_ROOT, dist, false);
}

function fontFaces(fonts: FontEntry[]): string {
  return fonts
    .map(
      (f) =>
        `@font-face{font-family:"${FONT_FAMILY}";font-weight:${f.weight};font-display:swap;` +
        `src:url(/assets/fonts/${f.file}) format("woff2");unicode-range:${f.unicodeRange}}`,
    )
    .join('');
}

let loading: Promise<PageAssets> | null = null;

/** Loads (once per process) and compresses the page's files. */
export function pageAssets(): Promise<PageAssets> {
  return (loading ??= (async () => {
    const built = await bundle();
    const fontDir = join(PROJECT_ROOT, 'assets', 'fonts', 'web');
    const fonts = JSON.parse(readFileSync(join(fontDir, 'fonts.json'), 'utf8')) as FontEntry[];
    const files = new Map<string, Asset>();
    for (const [name, raw] of built.files) {
      const content = name === built.style ? Buffer.concat([Buffer.from(fontFaces(fonts)), raw]) : raw;
      files.set(`/assets/${name}`, await asset(name, content));
    }
    for (const f of fonts)
      files.set(`/assets/fonts/${f.file}`, await asset(f.file, readFileSync(join(fontDir, f.file))));
    return {
      files,
      script: `/assets/${built.script}`,
      style: `/assets/${built.style}`,
      preload: fonts.filter((f) => f.file.startsWith('latin')).map((f) => `/assets/fonts/${f.file}`),
    };
  })());
}
