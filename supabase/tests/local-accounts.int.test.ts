import { ownAddressClient } from '@afriqueactu/supabase-local/testing';
import { describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNTS } from '../seed/accounts.ts';

// The accounts `npm run dev` prints and the README lists are the seed's: each signs in, so the
// list and supabase/seed.sql cannot drift apart.
describe('local accounts', () => {
  it('the seeded local accounts can sign in', async () => {
    for (const account of LOCAL_ACCOUNTS) {
      const { error } = await ownAddressClient().auth.signInWithPassword({ email: account.email, password: account.password });
      expect(error, account.email).toBeNull();
    }
  });
});
