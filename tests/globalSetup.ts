// The vitest stack of the integration and stack lanes (vitest.config.ts): the package's, on this
// project, with the seed's pictures (scripts/localStack.ts).
import { stackGlobalSetup } from '@afriqueactu/supabase-local/testing/globalSetup';
import { PROJECT_ROOT, SEED_IMAGES } from '../scripts/localStack.ts';

export default stackGlobalSetup({ projectRoot: PROJECT_ROOT, afterSeed: SEED_IMAGES });
