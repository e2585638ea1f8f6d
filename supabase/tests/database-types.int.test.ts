import fs from 'node:fs';
import path from 'node:path';
import { expect, inject, test } from 'vitest';
import { PROJECT_ROOT, DATABASE_TYPES_FILE, REGENERATE_DATABASE_TYPES } from '../../scripts/localStack.ts';

// The app's queries are typed by this file: one that lags the migrations lets a renamed or dropped
// column typecheck and fail only at run time, against the real database.
test('the committed database types are those of the schema the migrations build', () => {
  const file = path.relative(PROJECT_ROOT, DATABASE_TYPES_FILE);
  const committed = fs.existsSync(DATABASE_TYPES_FILE) ? fs.readFileSync(DATABASE_TYPES_FILE, 'utf8') : '';
  expect(committed, `${file} does not match the database's schema: run \`${REGENERATE_DATABASE_TYPES}\` and commit the result`).toBe(
    inject('databaseTypes'),
  );
});
