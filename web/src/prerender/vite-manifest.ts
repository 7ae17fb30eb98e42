/** The parts of Vite's build manifest (.vite/manifest.json) the prerender reads. */
export interface ViteChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
  /** Other files the chunk imports (pictures). */
  readonly assets?: readonly string[];
}

export type ViteManifest = Readonly<Record<string, ViteChunk>>;

function chunk(manifest: ViteManifest, key: string): ViteChunk {
  const found = manifest[key];
  if (found === undefined) throw new Error(`"${key}" is not in the Vite manifest`);
  return found;
}

/** The chunk and every chunk it imports statically, depth first, each once. */
function closure(manifest: ViteManifest, key: string): ViteChunk[] {
  const seen = new Set<string>();
  const out: ViteChunk[] = [];
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const c = chunk(manifest, k);
    for (const i of c.imports ?? []) visit(i);
    out.push(c);
  };
  visit(key);
  return out;
}

/** Stylesheets a chunk needs, imported chunks' first (so shared base CSS comes first). */
export function cssOf(manifest: ViteManifest, key: string): string[] {
  return [...new Set(closure(manifest, key).flatMap((c) => c.css ?? []))];
}

/** Pictures and other files a chunk and the chunks it imports reference. */
export function assetsOf(manifest: ViteManifest, key: string): string[] {
  return [...new Set(closure(manifest, key).flatMap((c) => c.assets ?? []))];
}

/** The chunk's file and the files of everything it imports statically. */
export function jsOf(manifest: ViteManifest, key: string): { file: string; imports: string[] } {
  const all = closure(manifest, key).map((c) => c.file);
  return { file: chunk(manifest, key).file, imports: all.slice(0, -1) };
}
