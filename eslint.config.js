import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Feature code never opens a connection of its own. */
const NO_CONNECTION = [
  {
    group: ['**/db/connection.ts'],
    message: 'Features use the TenantTx they are given, not a connection.',
  },
  { group: ['pg', '@electric-sql/pglite'], message: 'Features use the TenantTx they are given.' },
];
/** `../other-feature/anything` but its service (`../../` leads out of the features). */
const OTHER_FEATURE = {
  regex: '^\\.\\./[^./][^/]*/(?![^/]*\\.service\\.ts$)',
  message: 'A feature uses another feature through its service (*.service.ts) only.',
};
const NO_REPOSITORY = {
  regex: '\\.repo\\.ts$',
  message: "Call the feature's service: only a feature's own service calls its repository.",
};
const NO_FEATURES = {
  regex: '(^|/)features/',
  message: 'platform/ and db/ serve the features and never import them.',
};

/** The web decides by a refusal's code, never by the server's English words. */
const BY_REFUSAL_CODE = [
  "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='message']",
  "SwitchStatement > MemberExpression.discriminant[property.name='message']",
  "CallExpression[callee.object.property.name='message'][callee.property.name=/^(includes|startsWith|endsWith|match|matchAll|search|indexOf|localeCompare)$/]",
  "CallExpression[callee.property.name=/^(includes|indexOf|lastIndexOf|test|has|get|find|some)$/] > MemberExpression.arguments[property.name='message']",
  'BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[object.name=/_MESSAGES$|^messageCatalogue$|^REFUSALS$/]',
  'ArrayExpression > MemberExpression.elements[object.name=/_MESSAGES$|^messageCatalogue$|^REFUSALS$/]',
].map((selector) => ({
  selector,
  message: "Decide by the refusal's code (error.code, errors[].code), not by its words.",
}));
/** Dates, times and ages are written by app/date-format.ts only (issue 23). */
const ONE_DATE_FORMATTER = [
  'CallExpression[callee.property.name=/^(toLocale(Date|Time)?String|toDateString|toTimeString)$/]',
  "MemberExpression[object.name='Intl'][property.name=/^(DateTimeFormat|RelativeTimeFormat)$/]",
].map((selector) => ({
  selector,
  message:
    "Write dates, times and ages with app/date-format.ts (the spec's formats, the clinic's clock), not the browser's locale.",
}));
const DAYJS_IN_FORMATTER_ONLY = {
  selector: 'ImportDeclaration[source.value=/^dayjs/]',
  message:
    'dayjs is used by app/date-format.ts (writing) and components/date-parsing.ts (reading) only.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and handlers are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Feature code reaches tenant data only through a tenant transaction (TenantTx): it
    // never opens its own connection. A feature uses another only through its service.
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...NO_CONNECTION, OTHER_FEATURE] }] },
  },
  {
    // Routes call services; only its own service calls a feature's repository.
    files: ['apps/server/src/features/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...NO_CONNECTION, OTHER_FEATURE, NO_REPOSITORY] },
      ],
    },
  },
  {
    // The demo seed builds its clinic the way the app does: through the services.
    files: ['apps/server/src/seed/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_REPOSITORY] }] },
  },
  {
    // The platform and the database layer serve the features and know none of them.
    files: ['apps/server/src/platform/**/*.ts', 'apps/server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_FEATURES] }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The web decides by a refusal's code (error.code, errors[].code), never by the
    // server's English words: a reworded or translated message must not change behaviour.
    // Dates, times and ages go through the one formatter (app/date-format.ts).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...BY_REFUSAL_CODE,
        ...ONE_DATE_FORMATTER,
        DAYJS_IN_FORMATTER_ONLY,
      ],
    },
  },
  {
    files: ['apps/web/src/app/date-format.ts', 'apps/web/src/components/date-parsing.ts'],
    rules: { 'no-restricted-syntax': ['error', ...BY_REFUSAL_CODE, ...ONE_DATE_FORMATTER] },
  },
  {
    // The queue adds patients to visits, so it uses the patients feature; patients never
    // use the queue (the clinical record and billing will use them too).
    files: ['apps/web/src/features/patients/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/queue/**', '**/features/queue/**'],
              message: 'The patients feature does not depend on the queue.',
            },
          ],
        },
      ],
    },
  },
  {
    // A focused or skipped test hides the others, or itself, from CI.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**'],
    plugins: { vitest },
    rules: {
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
    },
  },
  {
    // API test files get their app, clinics and users from one fixture.
    files: ['apps/server/**/*.int.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='beforeAll'] CallExpression[callee.name='startTestApp']",
          message: 'Start the app with setupApiTest (test/api-fixture.ts), not in a beforeAll.',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      parserOptions: { projectService: false },
      globals: { console: 'readonly', process: 'readonly' },
    },
  },
);
