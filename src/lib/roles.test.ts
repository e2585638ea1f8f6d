import { describe, expect, it } from 'vitest';
import { newsroomRoleOf } from './roles';

describe('newsroomRoleOf', () => {
  it('puts administrators first, then journalists; readers have no newsroom role', () => {
    expect(newsroomRoleOf(['admin'])).toBe('admin');
    expect(newsroomRoleOf(['journalist', 'admin'])).toBe('admin');
    expect(newsroomRoleOf(['journalist'])).toBe('journalist');
    expect(newsroomRoleOf(['client'])).toBeNull();
    expect(newsroomRoleOf([])).toBeNull();
  });
});
