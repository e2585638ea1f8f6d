import { describe, expect, it } from 'vitest';
import { recoveryLanding, RESET_MESSAGES, validateNewPassword } from './passwordReset';
import { MESSAGES } from './validation';

describe('validateNewPassword', () => {
  it('asks for a password of 6 to 72 characters, typed twice alike', () => {
    expect(validateNewPassword({ password: '', confirmation: '' })).toEqual({
      password: MESSAGES.passwordRequired,
      confirmation: RESET_MESSAGES.confirmRequired,
    });
    expect(validateNewPassword({ password: 'court', confirmation: 'court' })).toEqual({ password: MESSAGES.passwordTooShort });
    expect(validateNewPassword({ password: 'x'.repeat(73), confirmation: 'x'.repeat(73) })).toEqual({ password: MESSAGES.passwordTooLong });
    expect(validateNewPassword({ password: 'nouveau-1', confirmation: 'nouveau-2' })).toEqual({ confirmation: RESET_MESSAGES.mismatch });
    expect(validateNewPassword({ password: ' espaces comptés ', confirmation: ' espaces comptés ' })).toEqual({});
  });
});

describe('recoveryLanding', () => {
  it("tells GoTrue's refusal from a session and from nothing", () => {
    expect(recoveryLanding('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toBe(
      'refused',
    );
    expect(recoveryLanding('#access_token=a.b.c&refresh_token=r&type=recovery')).toBe('session');
    expect(recoveryLanding('')).toBe('none');
  });
});
