import { test as base, expect } from '@playwright/test';

/** Every spec gets the preview server's URL (known only once globalSetup has run). */
export const test = base.extend({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
});
export { expect };
