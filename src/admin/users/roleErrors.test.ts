import { describe, expect, it } from 'vitest';
import { LINKED_GONE, NETWORK_LOST } from '../providers/frenchErrors';
import { describeRoleError, LAST_ADMIN_MESSAGE, ROLES_FORBIDDEN_MESSAGE } from './roleErrors';

describe('describeRoleError', () => {
  it("explains in French the database's refusal to remove the last administrator", () => {
    const refusal = { code: 'P0001', message: 'Cannot remove the last administrator', details: 'last_admin' };
    expect(describeRoleError(refusal)).toBe(LAST_ADMIN_MESSAGE);
  });

  it('explains a refusal by row-level security in French', () => {
    const rls = { code: '42501', message: 'new row violates row-level security policy for table "user_roles"', details: null };
    expect(describeRoleError(rls)).toBe(ROLES_FORBIDDEN_MESSAGE);
  });

  it("tells any other failure in French, never in the server's words", () => {
    expect(describeRoleError({ code: '23503', message: 'insert or update violates foreign key constraint', details: null })).toBe(
      LINKED_GONE,
    );
    expect(describeRoleError(new TypeError('Failed to fetch'))).toBe(NETWORK_LOST);
  });
});
