// The house rules: TypeScript's recommended checks, React's rules of hooks (with the React
// Compiler's stricter checks off: the code is not compiled by it), and accessibility rules for JSX.
// In `src/`, type-aware checks for promises and switches, and the architecture's import boundaries
// (docs/architecture.md#lint-and-boundaries). Formatting is Prettier's alone (eslint-config-prettier
// turns off the rules it owns).
// A deliberate exception carries an `eslint-disable-next-line <rule> -- <why>` comment.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * An import boundary: files matching `files` may not import, statically or with `import()`, a module
 * whose specifier matches one of `forbidden` (regular expressions). ESLint's `no-restricted-imports`
 * sees only static imports and re-exports, so a `no-restricted-syntax` selector catches `import()`.
 */
function boundary({ files, ignores = [], forbidden, message }) {
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { patterns: forbidden.map((regex) => ({ regex, message })) }],
      'no-restricted-syntax': [
        'error',
        // A selector's regular expression cannot hold a `/`: it is written as \x2F there.
        ...forbidden.map((regex) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message })),
      ],
    },
  };
}

/** What the reader never downloads: the back office, its libraries, the editor and the charts. */
const BACK_OFFICE_ONLY = [
  '^react-admin$',
  '^ra-',
  '^@mui/',
  '^@emotion/',
  '^@tiptap/',
  '^recharts(/|$)',
  '^react-router(-dom)?(/|$)',
  '^@/admin(/|$)',
  '^(\\.\\./)+admin(/|$)',
  '(^|/)src/admin(/|$)',
];

/** The app, as seen from the local stack's code: it must run without it. */
// The app's own folders (the package has a src/ of its own, which it may import).
const APP_SOURCE = [
  '^@/',
  '(^|/)src/(admin|lib|offline|public|server|main)',
  '(^|/)scripts/',
  '(^|/)supabase/(seed|tests|migrations)/',
  '(^|/)tests/(e2e|integration|components)/',
];

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'test-results/', 'playwright-report/', '.supabase-local/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // Type-aware: a promise nobody awaits loses its error; a switch over a union that forgets a
    // member (and has no deliberate `default`) is a bug when the union grows.
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Playwright fixtures: their second argument is named `use` (not React's hook) and Playwright
    // reads a fixture's dependencies from its destructured first argument, empty when there are none.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  boundary({
    // The reader and what its bundle pulls in (docs/decisions.md#two-applications-one-page-shell).
    files: ['src/public/**', 'src/lib/**', 'src/offline/**'],
    forbidden: BACK_OFFICE_ONLY,
    message: 'Back-office code stays out of the reader (src/public, src/lib, src/offline): readers never download it.',
  }),
  boundary({
    // The local stack stands alone (issue 30): the app's scripts compose it with the site.
    files: ['packages/supabase-local/**'],
    forbidden: APP_SOURCE,
    message: 'The local stack never imports the app (src/): the app composes it from its own scripts.',
  }),
  prettier,
);
