import { describe, expect, it } from 'vitest';
import { SERVICE_ROLE_KEY } from '@afriqueactu/supabase-local';
import { LOCAL_SERVICE_ROLE_KEY, sendingSettings } from './localStack';

describe('what npm start sends with', () => {
  it('against the local stack, its demo key and its inbox when nothing is set', () => {
    expect(LOCAL_SERVICE_ROLE_KEY).toBe(SERVICE_ROLE_KEY);
    expect(sendingSettings({}, 'http://127.0.0.1:54321')).toEqual({
      env: { SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY, SMTP_URL: 'smtp://127.0.0.1:54325' },
      local: { serviceRoleKey: true, smtp: true, inboxUrl: 'http://127.0.0.1:54324' },
    });
    // The stack on other ports (SUPABASE_LOCAL_*), as npm run stack starts it.
    const moved = { SUPABASE_LOCAL_API_PORT: '6100', SUPABASE_LOCAL_INBOX_PORT: '6104' };
    expect(sendingSettings(moved, 'http://localhost:6100').env.SMTP_URL).toBe('smtp://127.0.0.1:6105');
  });

  it('what is set wins, and a Brevo transport is never replaced by the inbox', () => {
    const set = { SUPABASE_SERVICE_ROLE_KEY: 'mine', SMTP_URL: 'smtp://mail.example:25' };
    expect(sendingSettings(set, 'http://127.0.0.1:54321').env).toEqual(set);
    expect(sendingSettings({ BREVO_API_KEY: 'k' }, 'http://127.0.0.1:54321').env.SMTP_URL).toBeUndefined();
    expect(sendingSettings({ NEWSLETTER_TRANSPORT: 'brevo' }, 'http://127.0.0.1:54321').env.SMTP_URL).toBeUndefined();
  });

  it('never against a hosted project or another port: the settings as given', () => {
    for (const url of ['https://ref.supabase.co', 'http://127.0.0.1:9', 'http://192.168.1.5:54321']) {
      expect(sendingSettings({}, url)).toEqual({ env: {} });
    }
    expect(sendingSettings({ SUPABASE_LOCAL_API_PORT: '6100' }, 'http://127.0.0.1:54321')).toEqual({
      env: { SUPABASE_LOCAL_API_PORT: '6100' },
    });
  });
});
