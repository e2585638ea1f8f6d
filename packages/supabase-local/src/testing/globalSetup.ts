import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { defaultStackOptions } from '../config.ts';
import { generateDatabaseTypes } from '../databaseTypes.ts';
import { freePort } from '../ports.ts';
import { startStack } from '../stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dbUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    dataDir: string;
    /** The stack's mail inbox (Mailpit's API). */
    inboxUrl: string;
    /** Set by the project whose stack runs the migrations with hosted's default privileges on. */
    defaultPrivileges?: boolean;
    /** What `npm run db:types` writes, generated from the schema as the migrations left it, before any test adds its own tables. */
    databaseTypes: string;
  }
}

/** One fresh stack for the whole run: random ports, a temporary data folder, thrown away after. */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-test-'));
  // vitest.config.ts: one project runs the access rules again on a database built as hosted builds
  // it when "default privileges for new entities" are on.
  const defaultPrivileges = project.getProvidedContext().defaultPrivileges === true;
  const stack = await startStack(
    { ...defaultStackOptions(), dataDir, apiPort: await freePort(), dbPort: await freePort(), quiet: true },
    { durable: false, defaultPrivileges },
  );
  project.provide('apiUrl', stack.apiUrl);
  project.provide('dbUrl', stack.dbUrl);
  project.provide('anonKey', stack.anonKey);
  project.provide('serviceRoleKey', stack.serviceRoleKey);
  project.provide('dataDir', dataDir);
  project.provide('inboxUrl', stack.inboxUrl);
  try {
    // Only the main project runs the types test; the other project's schema is the same.
    if (!defaultPrivileges) project.provide('databaseTypes', await generateDatabaseTypes(stack.dbUrl));
  } catch (err) {
    await stack.stop();
    throw err;
  }
  return async () => {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
