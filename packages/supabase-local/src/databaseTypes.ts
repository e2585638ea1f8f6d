import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { POSTGREST_VERSION } from './postgrestBinary.ts';
import { parseToml, type TomlTable } from './supabaseConfig.ts';

/**
 * The schemas `supabase gen types` includes when given none: `public` and config.toml's [api] schemas
 * (the ones PostgREST exposes). A schema the database lacks (graphql_public: no pg_graphql locally)
 * is simply absent from the output.
 */
function exposedSchemas(file: string): string[] {
  const config = parseToml(fs.readFileSync(file, 'utf8'), path.relative(process.cwd(), file));
  const schemas = ((config.api ?? {}) as TomlTable).schemas ?? [];
  if (!Array.isArray(schemas) || schemas.some((s) => typeof s !== 'string'))
    throw new Error(`${file}: [api] schemas must be an array of strings`);
  return [...new Set(['public', ...(schemas as string[])])];
}

/**
 * The TypeScript types of the database at `dbUrl` (schemas: those `configFile`, the project's config.toml, exposes), byte for byte what `supabase gen types typescript
 * --local` prints: the CLI runs postgres-meta, whose generator is @supabase/postgrest-typegen called this
 * way (introspect, canonical sort, one-to-one relationships detected, the PostgREST version stamped in
 * `__InternalSupabase`: the release the stack pins, not whatever binary this machine found, so the file
 * is the same everywhere), and prints the result with a final newline. Formatting is the generator's own
 * (oxfmt), so the file is excluded from Prettier rather than reformatted.
 */
export async function generateDatabaseTypes(dbUrl: string, configFile: string): Promise<string> {
  // Loaded here, not with the package: the generator (and its arktype) costs about 1 CPU-s to load,
  // which every command importing the package (npm run stack, the import, the tests' commands) paid.
  const [{ introspect, sortGeneratorMetadata }, { generateTypescript }] = await Promise.all([
    import('@supabase/postgrest-typegen'),
    import('@supabase/postgrest-typegen/generation'),
  ]);
  const pool = new pg.Pool({ connectionString: dbUrl, max: 3 });
  try {
    const metadata = sortGeneratorMetadata(await introspect(pool, { includedSchemas: exposedSchemas(configFile) }));
    const types = await generateTypescript(metadata, { detectOneToOneRelationships: true, postgrestVersion: POSTGREST_VERSION });
    return `${types}\n`;
  } finally {
    await pool.end();
  }
}
