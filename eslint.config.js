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
  {
    files: ['src/server/**/*.ts'],
    rules: boundary(['web'], 'The server must not import web code; share it via src/shared.'),
  },
  {
    // Integrations and repos report failures in their own terms (e.g. LlmError); which HTTP
    // status that means is decided once, in plugins/errors.ts.
    files: ['src/server/integrations/**/*.ts', 'src/server/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/errors', '**/../errors'],
              message: 'No HttpError here: throw a typed error and map it in plugins/errors.ts.',
            },
            {
              group: ['**/web/**', '**/web'],
              message: 'The server must not import web code; share it via src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
