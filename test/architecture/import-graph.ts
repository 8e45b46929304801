/**
 * The import graph of `src/` (every `import`/`export … from`/dynamic `import()` of a relative module, type-only
 * imports included: a circle of types is still a circle of design), read with the TypeScript compiler's own
 * pre-processor and module resolution, and the circles in it (Tarjan's strongly connected components).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Every `.ts` file under `dir` (relative to the project root, with `/`). */
export function sourceFiles(dir = 'src'): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(join(ROOT, d))) {
      const path = join(d, name);
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path.split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  allowJs: false,
  resolveJsonModule: true,
};
const host = ts.createCompilerHost(options);

/** file → the project files it imports (relative paths; packages and JSON left out). */
export function importGraph(files: string[] = sourceFiles()): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const abs = join(ROOT, file);
    const info = ts.preProcessFile(readFileSync(abs, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const resolved = ts.resolveModuleName(ref.fileName, abs, options, host).resolvedModule;
      if (!resolved || resolved.extension === ts.Extension.Json) continue;
      const rel = relative(ROOT, resolved.resolvedFileName).split(sep).join('/');
      if (rel !== file) targets.add(rel);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The circles: each strongly connected component of more than one file, as a sorted list of files. */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One shortest import path from `from` back to itself inside a circle, for a readable failure. */
export function cycleThrough(graph: Map<string, string[]>, from: string, within: Set<string>): string[] {
  const prev = new Map<string, string>();
  const queue = [from];
  const seen = new Set([from]);
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!within.has(w)) continue;
      if (w === from) {
        const path = [v];
        while (path[0] !== from) path.unshift(prev.get(path[0]!)!);
        return [...path, from];
      }
      if (!seen.has(w)) {
        seen.add(w);
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [from];
}
