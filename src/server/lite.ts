// Where the lite page's script and the reader app's entry are (data-saver mode, see
// src/public/dataSaver/lite.ts). No `@/` imports here: vite.config.ts reads this file too.

/** The lite script's source: a second entry of the browser build. */
export const LITE_SCRIPT_SOURCE = 'src/public/dataSaver/lite.ts';

export interface LiteScripts {
  /** URL of the lite script. */
  script: string;
  /** URL of the reader app's entry, as the page template's <script src> names it. */
  app: string;
}

/** As index.html names them in the source: the dev server and the server's tests. */
export const SOURCE_LITE_SCRIPTS: LiteScripts = { script: `/${LITE_SCRIPT_SOURCE}`, app: '/src/main.tsx' };

/** As the build names them (dist/client/.vite/manifest.json); fails at start-up when one is missing. */
export function builtLiteScripts(manifest: Record<string, { file: string } | undefined>): LiteScripts {
  const script = manifest[LITE_SCRIPT_SOURCE]?.file;
  const app = manifest['index.html']?.file;
  if (!script || !app)
    throw new Error(`The browser build lacks ${script ? 'index.html' : LITE_SCRIPT_SOURCE}: run \`npm run build\` again`);
  return { script: `/${script}`, app: `/${app}` };
}
