// Adds the seed images to a database that supabase/seed.sql has filled: the local stack, or a
// hosted staging project after `supabase db reset --linked`.
//   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=... npx tsx supabase/seed/cli.ts
// The service-role key bypasses RLS: keep it on this machine, never in a VITE_ variable.
import { seedImages } from './images.ts';

const apiUrl = process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321';
const serviceRoleKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
if (!serviceRoleKey) {
  console.error('usage: SUPABASE_SERVICE_ROLE_KEY=... [SUPABASE_URL=http://127.0.0.1:54321] npx tsx supabase/seed/cli.ts');
  process.exit(2);
}

try {
  const started = Date.now();
  const added = await seedImages({ apiUrl, serviceRoleKey });
  console.log(
    added === 0
      ? `No article needed an image on ${apiUrl}.`
      : `${added} seed images uploaded to ${apiUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
