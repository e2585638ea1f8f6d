import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, signedUpClient } from '@afriqueactu/supabase-local/testing';
import { expectDenied, must, sessions, type Role, type Session } from './helpers.ts';

// Privilege escalation through user_roles and has_role, and losing the newsroom's last admin.

let who: Record<Role, Session>;
const svc = serviceClient();
const adminId = () => who.admin.userId!;
const readerId = () => who.reader.userId!;

async function rolesOf(userId: string): Promise<string[]> {
  const { data } = await svc.from('user_roles').select('role').eq('user_id', userId);
  return (data ?? []).map((r) => r.role).sort();
}

beforeAll(async () => {
  who = await sessions();
});

describe('attack: a reader makes itself admin', () => {
  it('inserting its own admin role is refused by RLS', async () => {
    const res = await who.reader.sb.from('user_roles').insert({ user_id: readerId(), role: 'admin' });
    expectDenied(res, 'reader inserts {user_id: self, role: admin}');
    expect(await rolesOf(readerId()), 'the reader must not have become admin').not.toContain('admin');
    expect((await who.reader.sb.rpc('has_role', { _user_id: readerId(), _role: 'admin' })).data).toBe(false);
  });

  it('turning its own client row into admin changes nothing', async () => {
    const reader = await signedUpClient('Lecteur ambitieux');
    must(
      await svc.from('user_roles').insert({ user_id: reader.userId, role: 'client' }).select().single(),
      'give the reader a client role',
    );
    // It can see its own row, so the update reaches RLS, whose update policy is admins only.
    const own = await reader.sb.from('user_roles').select('id, role').eq('user_id', reader.userId);
    expect(own.data, 'a reader reads its own role').toEqual([{ id: expect.any(String), role: 'client' }]);
    const res = await reader.sb.from('user_roles').update({ role: 'admin' }, { count: 'exact' }).eq('user_id', reader.userId);
    expect(res.error, `update of own role should be silently filtered: ${res.error?.message}`).toBeNull();
    expect(res.count, 'no role row may be changed by a reader').toBe(0);
    expect(await rolesOf(reader.userId)).toEqual(['client']);
  });

  it('moving an admin row to itself (user_id) is refused by the column grant', async () => {
    const res = await who.reader.sb.from('user_roles').update({ user_id: readerId() }).eq('user_id', adminId());
    expectDenied(res, 'reader updates user_roles.user_id');
    expect(await rolesOf(adminId())).toContain('admin');
  });
});

describe('attack: has_role asked about someone else', () => {
  it('a reader asking whether the admin is admin gets an error, not an answer', async () => {
    const res = await who.reader.sb.rpc('has_role', { _user_id: adminId(), _role: 'admin' });
    expectDenied(res, 'reader calls has_role(admin id)');
    expect(res.error!.message).toMatch(/only be asked about the signed-in user/);
    expect(res.data, 'no answer may leak').toBeNull();
  });

  it('anon asking about the admin gets an error too', async () => {
    expectDenied(await who.anon.sb.rpc('has_role', { _user_id: adminId(), _role: 'admin' }), 'anon calls has_role(admin id)');
  });

  it('asking about oneself works: the reader is not admin, the admin is', async () => {
    const reader = await who.reader.sb.rpc('has_role', { _user_id: readerId(), _role: 'admin' });
    expect(reader.error, `reader about self: ${reader.error?.message}`).toBeNull();
    expect(reader.data).toBe(false);
    const admin = await who.admin.sb.rpc('has_role', { _user_id: adminId(), _role: 'admin' });
    expect(admin.error, `admin about self: ${admin.error?.message}`).toBeNull();
    expect(admin.data).toBe(true);
  });

  it('an admin may ask about another user (to manage roles)', async () => {
    const res = await who.admin.sb.rpc('has_role', { _user_id: readerId(), _role: 'admin' });
    expect(res.error, `admin about reader: ${res.error?.message}`).toBeNull();
    expect(res.data).toBe(false);
  });
});

/**
 * Runs `fn` with the seeded admin as the only admin: admins other test files left are set aside,
 * and every role is put back afterwards, whatever `fn` revoked or granted.
 */
async function withSoleAdmin(fn: (grantSecondAdmin: () => Promise<Session & { userId: string }>) => Promise<void>) {
  const others = must(await svc.from('user_roles').select('user_id').eq('role', 'admin').neq('user_id', adminId()), 'list admins');
  await svc.from('user_roles').delete().eq('role', 'admin').neq('user_id', adminId());
  const seconds: string[] = [];
  try {
    await fn(async () => {
      const second = await signedUpClient('Seconde admin');
      seconds.push(second.userId);
      must(
        await svc.from('user_roles').insert({ user_id: second.userId, role: 'admin' }).select().single(),
        'service role makes a second admin',
      );
      return { sb: second.sb, userId: second.userId };
    });
  } finally {
    const restore = [adminId(), ...others.map((o) => o.user_id)].map((user_id) => ({ user_id, role: 'admin' }));
    await svc.from('user_roles').upsert(restore, { onConflict: 'user_id,role', ignoreDuplicates: true });
    if (seconds.length) await svc.from('user_roles').delete().in('user_id', seconds);
  }
}

describe('attack: removing the last administrator', () => {
  const revoke = (sb: Session['sb'], userId: string) =>
    sb.from('user_roles').delete({ count: 'exact' }).eq('user_id', userId).eq('role', 'admin');

  it('the only admin cannot revoke or demote itself; with a second admin it can', async () => {
    await withSoleAdmin(async (grantSecondAdmin) => {
      const del = await revoke(who.admin.sb, adminId());
      expect(del.error?.message, 'deleting the last admin role must fail').toMatch(/last administrator/);
      const demote = await who.admin.sb.from('user_roles').update({ role: 'client' }).eq('user_id', adminId()).eq('role', 'admin');
      expect(demote.error?.message, 'demoting the last admin must fail').toMatch(/last administrator/);
      expect(await rolesOf(adminId()), 'the admin is still admin').toContain('admin');

      await grantSecondAdmin();
      const ok = await revoke(who.admin.sb, adminId());
      expect(ok.error, `with a second admin, revoking oneself works: ${ok.error?.message}`).toBeNull();
      expect(ok.count).toBe(1);
      expect(await rolesOf(adminId())).not.toContain('admin');
    });
    expect(await rolesOf(adminId()), 'state restored: the seeded admin is admin again').toContain('admin');
  });

  it('one request deleting every admin row is refused as a whole', async () => {
    await withSoleAdmin(async (grantSecondAdmin) => {
      const second = await grantSecondAdmin();
      const res = await who.admin.sb.from('user_roles').delete().eq('role', 'admin');
      expect(res.error?.message, 'deleting all admin rows at once must fail').toMatch(/last administrator/);
      expect(await rolesOf(adminId()), 'the seeded admin is still admin').toContain('admin');
      expect(await rolesOf(second.userId), 'the second admin is still admin').toContain('admin');
    });
  });

  it('two admins revoking each other at the same moment leave one admin', async () => {
    await withSoleAdmin(async (grantSecondAdmin) => {
      const second = await grantSecondAdmin();
      const results = await Promise.all([revoke(who.admin.sb, second.userId), revoke(second.sb, adminId())]);
      const won = results.filter((r) => !r.error && r.count === 1).length;
      expect(won, `exactly one revocation may win: ${results.map((r) => r.error?.message ?? `count ${r.count}`).join(' | ')}`).toBe(1);
      const { count } = await svc.from('user_roles').select('*', { count: 'exact', head: true }).eq('role', 'admin');
      expect(count, 'one administrator remains').toBe(1);
    });
  });
});
