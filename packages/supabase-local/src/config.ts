import path from 'node:path';

// The Supabase CLI's public local demo values: `.env.example` works against this stack and
// against `supabase start` alike. They are public; a production project has its own.
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const MIN_PASSWORD_LENGTH = 6;
/** GoTrue's default: a just-rotated refresh token still works for this long. */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;

/** Passwords of the login roles created by bootstrap.sql; the cluster listens on loopback only. */
export const SERVICE_ROLE_PASSWORDS = {
  authenticator: 'authenticator-local',
  supabase_auth_admin: 'auth-local',
  supabase_storage_admin: 'storage-local',
  supabase_realtime_admin: 'realtime-local',
} as const;
/**
 * The cluster's superuser, as hosted's `supabase_admin`: it bootstraps the platform objects and runs
 * the local services' plumbing. Migrations, the seed and the printed database URL use `postgres`,
 * which is not a superuser (hostedRoles.sql), as on a hosted project.
 */
export const SUPERUSER = { user: 'supabase_admin', password: 'supabase-admin-local' } as const;
export const POSTGRES_ROLE = { user: 'postgres', password: 'postgres' } as const;

export interface StackOptions {
  /** Where Postgres data and stored files live. Survives restarts. */
  dataDir: string;
  /** Gateway port: what VITE_SUPABASE_URL points at. */
  apiPort: number;
  /** Postgres port, for psql and for tests that create fixtures. */
  dbPort: number;
  /** The mail inbox's web port (54324, as the CLI's Mailpit); unset, a free one is taken (tests). */
  inboxPort?: number;
  /** The inbox's SMTP port (0 or unset: a free one); `npm run dev` fixes it (54325, as the Supabase CLI) for the newsletter's sender. */
  smtpPort?: number;
  /** Site URL that auth redirects and recovery links point at. */
  siteUrl: string;
  migrationsDir: string;
  seedFile: string | null;
  /** The project's `supabase/config.toml`: auth's rate limits, redirect URLs and e-mail templates, the API's schemas. */
  configFile: string;
  quiet: boolean;
}

/**
 * The options for a project laid out as the Supabase CLI expects (`supabase/migrations`,
 * `supabase/seed.sql`, `supabase/config.toml` under `projectRoot`), with the ports and the data
 * folder the SUPABASE_LOCAL_* variables set. `projectRoot` defaults to the working directory,
 * which npm sets to the project's root for its scripts.
 */
export function defaultStackOptions(projectRoot = process.cwd()): StackOptions {
  const supabaseDir = path.join(projectRoot, 'supabase');
  const apiPort = Number(process.env.SUPABASE_LOCAL_API_PORT ?? 54321);
  const dbPort = Number(process.env.SUPABASE_LOCAL_DB_PORT ?? 54322);
  return {
    dataDir: path.resolve(process.env.SUPABASE_LOCAL_DATA_DIR ?? path.join(projectRoot, '.supabase-local')),
    apiPort,
    dbPort,
    siteUrl: process.env.SITE_URL ?? 'http://localhost:5173',
    migrationsDir: path.join(supabaseDir, 'migrations'),
    seedFile: path.join(supabaseDir, 'seed.sql'),
    configFile: path.join(supabaseDir, 'config.toml'),
    quiet: false,
  };
}
