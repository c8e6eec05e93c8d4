import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Feature folders may not import each other: each gets a rule naming all the others. */
function featureBoundaries(root, alias) {
  if (!fs.existsSync(root)) return [];
  const features = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  return features.map((feature) => {
    const others = features.filter((other) => other !== feature);
    return {
      files: [`${root}/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: others.length
              ? [
                  {
                    group: others.flatMap((other) => [
                      `../${other}`,
                      `../${other}/**`,
                      `../../${other}/**`,
                      `../../../${other}/**`,
                      ...(alias ? [`${alias}/${other}`, `${alias}/${other}/**`] : []),
                    ]),
                    message: `"${feature}" may not import another feature: move what both need to a shared place.`,
                  },
                ]
              : [],
          },
        ],
      },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@app/api', '**/apps/api/**'], message: 'The web app talks to the API over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@app/api', '@app/web', '**/apps/**'], message: 'packages/shared imports no app.' }] },
      ],
    },
  },
  {
    // Issue 20: every text a screen shows comes from a catalogue in packages/shared. A literal in
    // JSX text, or in an attribute a person reads or hears, is an error. Field names passed to the
    // form helpers are names, not texts; figures and symbols ('₹', '·', '–') are allowed.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/test/**', '**/*test-utils*', '**/*.test-data.*'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-valuetext',
              'label',
              'title',
              'placeholder',
              'alt',
              'helperText',
              'primary',
              'secondary',
              'eyebrow',
              'text',
            ],
          },
          callees: {
            exclude: [
              // The plugin's own defaults (an option replaces them).
              'i18n(ext)?',
              't',
              'require',
              'addEventListener',
              'removeEventListener',
              'postMessage',
              'getElementById',
              'dispatch',
              'commit',
              'includes',
              'indexOf',
              'endsWith',
              'startsWith',
              // The form helpers take a field's name.
              'fieldProps',
              'field',
            ],
          },
          words: { exclude: [/^[\p{N}\p{P}\p{S}\s]+$/u] },
        },
      ],
    },
  },
  ...featureBoundaries('apps/web/src/features', '@/features'),
  ...featureBoundaries('apps/api/src/modules'),
  {
    files: ['e2e/**/*.ts', 'bench/**/*.{ts,mjs}', '**/*.test.{ts,tsx}', 'scripts/**/*.{ts,mjs}'],
    rules: { 'no-console': 'off' },
  },
);
