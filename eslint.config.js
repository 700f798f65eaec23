import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries from DESIGN.md: web never imports server; shared imports neither. */
const boundary = (forbidden, message) => ({
  'no-restricted-imports': [
    'error',
    { patterns: forbidden.map((side) => ({ group: [`**/${side}/**`, `**/${side}`], message })) },
  ],
});

/**
 * A module's inner files, as seen from: the rest of the server (`./modules/auth/auth`), the list
 * of modules (modules/index.ts: `./auth/auth`), another module (`../auth/auth`), or a folder
 * inside another module (characters/starters/: `../../auth/auth`).
 */
const innerFileOfModule = {
  server: '(^|/)modules/[^/]+/',
  list: '^\\./[^/]+/',
  module: '^\\.\\./[^./][^/]*/',
  nested: '^\\.\\./\\.\\./[^./][^/]*/',
};
const serverRules = (blocks) =>
  blocks.map(({ files, outside, typedErrors }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/web/**', '**/web'],
              message: 'The server must not import web code; share it via src/shared.',
            },
            {
              regex: innerFileOfModule[outside],
              message:
                'Use the module through its face (modules/<name>/index.ts), not its inner files; export what you need there.',
            },
            ...(typedErrors
              ? [
                  {
                    group: ['**/server/errors', '**/../errors'],
                    message:
                      'No HttpError here: throw a typed error and map it in plugins/errors.ts.',
                  },
                ]
              : []),
          ],
        },
      ],
    },
  }));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // This warns about what the React Compiler cannot memoise; we do not use the compiler.
      'react-hooks/incompatible-library': 'off',
      ...boundary(['server'], 'The web app must not import server code; share it via src/shared.'),
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: boundary(['server', 'web'], 'src/shared must stay independent of server and web.'),
  },
  // The server: no web code; a module is used through its face only (modules/<name>/index.ts),
  // never its inner files (issue 43). A module's own files import each other directly; tests
  // and benchmarks may reach inside. Integrations and repos report failures in their own terms
  // (e.g. LlmError): which HTTP status that means is decided once, in plugins/errors.ts.
  ...serverRules([
    { files: ['src/server/**/*.ts'], outside: 'server' },
    { files: ['src/server/modules/index.ts'], outside: 'list' },
    { files: ['src/server/modules/*/**/*.ts'], outside: 'module' },
    { files: ['src/server/modules/*/*/**/*.ts'], outside: 'nested' },
    { files: ['src/server/integrations/**/*.ts'], outside: 'server', typedErrors: true },
    { files: ['src/server/**/*.repo.ts'], outside: 'module', typedErrors: true },
  ]),
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
