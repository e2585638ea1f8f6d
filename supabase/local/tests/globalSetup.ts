import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { defaultStackOptions } from '../config.ts';
import { freePort } from '../ports.ts';
import { startStack } from '../stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dbUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    dataDir: string;
  }
}

/** One fresh stack for the whole run: random ports, a temporary data folder, thrown away after. */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-test-'));
  const stack = await startStack(
    { ...defaultStackOptions(), dataDir, apiPort: await freePort(), dbPort: await freePort(), quiet: true },
    { durable: false },
  );
  project.provide('apiUrl', stack.apiUrl);
  project.provide('dbUrl', stack.dbUrl);
  project.provide('anonKey', stack.anonKey);
  project.provide('serviceRoleKey', stack.serviceRoleKey);
  project.provide('dataDir', dataDir);
  return async () => {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
