import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

// The project's own eslint.config.js, with the type-aware rules off: they need the whole program
// (seconds of type checking), and the boundaries are plain import rules.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

/** The boundary errors ESLint reports for `code` as if it were the file at `file` (which need not exist). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax' || m.fatal)
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const READER_FILES = ['src/public/pages/Example.tsx', 'src/lib/example.ts', 'src/offline/example.ts'];
const BACK_OFFICE_IMPORTS = [
  'react-admin',
  'ra-input-rich-text',
  'ra-supabase',
  '@mui/material/Button',
  '@emotion/react',
  '@tiptap/react',
  'recharts',
  'react-router-dom',
  '@/admin/AdminApp',
  '../../admin/providers/messages',
];

describe('lint boundary: the reader never imports the back office', () => {
  for (const file of READER_FILES)
    for (const specifier of BACK_OFFICE_IMPORTS)
      it(`${file} importing ${specifier}`, async () => {
        const errors = await boundaryErrors(file, `import * as m from '${specifier}';\nexport const x = m;\n`);
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatch(/^no-restricted-imports: .*Back-office code stays out of the reader/);
      });

  it('catches a re-export and a lazy import() too', async () => {
    expect(await boundaryErrors('src/public/a.ts', `export { Admin } from 'react-admin';\n`)).toHaveLength(1);
    const lazy = await boundaryErrors('src/public/a.ts', `export const load = () => import('@/admin/AdminApp');\n`);
    expect(lazy).toEqual([expect.stringMatching(/^no-restricted-syntax: Back-office code stays out of the reader/)]);
  });

  it('still lets the reader import its own code and libraries, and the back office import anything', async () => {
    const reader = `import { useState } from 'react';\nimport { Swiper } from 'swiper/react';\nimport { supabase } from '@/lib/supabase';\nimport { Router } from '@/public/router/Router';\nimport { adminPath } from '../adminPath';\nexport const x = [useState, Swiper, supabase, Router, adminPath];\n`;
    expect(await boundaryErrors('src/public/pages/Example.tsx', reader)).toEqual([]);
    const admin = `import { Admin } from 'react-admin';\nimport Button from '@mui/material/Button';\nimport { LineChart } from 'recharts';\nexport const x = [Admin, Button, LineChart];\n`;
    expect(await boundaryErrors('src/admin/Example.tsx', admin)).toEqual([]);
    // The application's entry chooses between the two and loads the back office lazily.
    expect(await boundaryErrors('src/main.tsx', `export const load = () => import('@/admin/AdminApp');\n`)).toEqual([]);
  });
});

describe('lint boundary: the local stack never imports the app', () => {
  for (const root of ['packages/supabase-local/src'])
    for (const [how, code] of [
      ['a static import', `import { readEnv } from '../../../src/lib/siteEnv.ts';\nexport const x = readEnv;\n`],
      ['the @/ alias', `import { readEnv } from '@/lib/siteEnv';\nexport const x = readEnv;\n`],
      ['a lazy import()', `export const load = () => import('../../../src/server/dev.ts');\n`],
    ])
      it(`${root} with ${how}`, async () => {
        const errors = await boundaryErrors(`${root}/stack.ts`, code);
        expect(errors).toEqual([expect.stringMatching(/^no-restricted-(imports|syntax): .*The local stack never imports the app/)]);
      });

  it('still lets the stack import its own modules and its dependencies', async () => {
    const code = `import pg from 'pg';\nimport { config } from './config.ts';\nexport const load = () => import('./gateway.ts');\nexport const x = [pg, config];\n`;
    expect(await boundaryErrors('packages/supabase-local/src/stack.ts', code)).toEqual([]);
    // Its tests import the package's own src/.
    const own = `import { serviceClient } from '../src/testing/clients.ts';\nexport const x = serviceClient;\n`;
    expect(await boundaryErrors('packages/supabase-local/tests/rest.test.ts', own)).toEqual([]);
  });
});
