import type { Plugin } from 'vite';

/** One output chunk as the bundle checks see it. */
export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
  /** CSS files Vite emits for this chunk. */
  css: string[];
}

export const CHUNK_GRAPH_FILE = '.vite/chunks.json';

/** Writes which modules ended up in which chunk, so size and isolation checks can read it. */
export function chunkGraphPlugin(): Plugin {
  return {
    name: 'chunk-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = [];
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.push({
          fileName: out.fileName,
          isEntry: out.isEntry,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          facadeModuleId: out.facadeModuleId,
          moduleIds: out.moduleIds.map((id) => id.replace(/\\/g, '/')),
          css: [...(out.viteMetadata?.importedCss ?? [])],
        });
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_GRAPH_FILE, source: JSON.stringify(chunks) });
    },
  };
}
