import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { defaultStackOptions } from '../config.ts';
import { generateDatabaseTypes } from '../databaseTypes.ts';
import { freePort } from '../ports.ts';
import { startStack, type AfterSeedHook } from '../stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dbUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    dataDir: string;
    /** The stack's mail inbox (Mailpit's API). */
    inboxUrl: string;
    /** The inbox's SMTP server (smtp://127.0.0.1:port), where the site's own mail goes. */
    smtpUrl: string;
    /** Set by a project whose stack runs the migrations with hosted's default privileges on. */
    defaultPrivileges?: boolean;
    /** What `supabase gen types` prints for the schema as the migrations left it, before any test adds its own tables. */
    databaseTypes: string;
  }
}

/**
 * A vitest globalSetup: one fresh stack for the whole run of a project (random ports, a temporary
 * data folder, thrown away after), on the project at `projectRoot` (its supabase/ folder), its
 * addresses and keys given to the tests through inject(). A project that provides
 * `defaultPrivileges: true` gets its migrations run with hosted's "default privileges for new
 * entities" on.
 */
export function stackGlobalSetup(setup: { projectRoot?: string; afterSeed?: AfterSeedHook } = {}) {
  return async function globalSetup(project: TestProject) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-test-'));
    const defaultPrivileges = project.getProvidedContext().defaultPrivileges === true;
    const options = {
      ...defaultStackOptions(setup.projectRoot),
      dataDir,
      apiPort: await freePort(),
      dbPort: await freePort(),
      quiet: true,
    };
    const stack = await startStack(options, { durable: false, defaultPrivileges, afterSeed: setup.afterSeed });
    project.provide('apiUrl', stack.apiUrl);
    project.provide('dbUrl', stack.dbUrl);
    project.provide('anonKey', stack.anonKey);
    project.provide('serviceRoleKey', stack.serviceRoleKey);
    project.provide('dataDir', dataDir);
    project.provide('inboxUrl', stack.inboxUrl);
    project.provide('smtpUrl', stack.smtpUrl);
    try {
      // The types test runs on the main stack only; the other's schema is the same.
      if (!defaultPrivileges) project.provide('databaseTypes', await generateDatabaseTypes(stack.dbUrl, options.configFile));
    } catch (err) {
      await stack.stop();
      throw err;
    }
    return async () => {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  };
}
