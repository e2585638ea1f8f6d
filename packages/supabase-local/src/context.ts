import type pg from 'pg';
import type { StackOptions } from './config.ts';

/** What the local auth, storage and realtime services share. */
export interface ServiceContext {
  options: StackOptions;
  /** The gateway's URL, e.g. http://127.0.0.1:54321. */
  publicUrl: string;
  /** The local inbox's SMTP port, where auth sends its e-mails. */
  smtpPort: number;
  /** Where stored object bytes live (metadata is in storage.objects). */
  storageDir: string;
  pools: {
    /** As supabase_auth_admin: owns the auth schema. */
    auth: pg.Pool;
    /** As supabase_storage_admin: switches to the caller's API role for every request. */
    storage: pg.Pool;
    /** As supabase_realtime_admin: switches to each subscriber's API role to check visibility. */
    realtime: pg.Pool;
  };
}
