import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import { readdirSync } from 'node:fs';

/** Each folder of src/sites is one site (or the shared 404 page): the folders are the list. */
const SITES = readdirSync(new URL('./src/sites', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Import direction: shared code never imports a site, and a site never imports another site. */
const importDirection = [
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)sites/', message: 'src/shared must not import from src/sites.' },
          ],
        },
      ],
    },
  },
  ...SITES.map((site) => ({
    files: [`src/sites/${site}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)\\.\\./(${SITES.filter((s) => s !== site).join('|')})(/|$)`,
              message: 'A site must not import another site; move shared code to src/shared.',
            },
            {
              regex: '(^|/)prerender/',
              message: 'Sites must not import the prerender.',
            },
          ],
        },
      ],
    },
  })),
];

/** What every file follows, in the browser or in Node, in web/ or outside it. */
const common = [
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023 },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['node_modules', 'test-results', 'playwright-report'] },
  ...common,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='style']",
          message: 'No style attributes: prerendered markup is styled by static CSS only (CSP).',
        },
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'No raw HTML.',
        },
      ],
    },
  },
  {
    files: [
      'scripts/**',
      'src/prerender/**',
      '**/*.config.{js,ts}',
      'e2e/**',
      'src/shared/content/load-content.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  ...importDirection,
);

/**
 * The Node code outside web/ (tests/integration, scripts), which the repository's root
 * eslint.config.js lints: ESLint reads no file outside its config's folder, and the packages the
 * rules come from are installed only here.
 */
export const nodeOutsideWeb = tseslint.config(...common, {
  languageOptions: { globals: { ...globals.node } },
});
