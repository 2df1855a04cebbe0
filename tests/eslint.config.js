// ESLint's recommended rules for the site's JS (browser globals) and the tests' JS (Node
// globals; browser globals too, for the functions they run in the page). Run from the
// repository root: `tests/node_modules/.bin/eslint --config tests/eslint.config.js`
// (a step of `cargo xtask test`). It lives here, beside the node_modules that holds ESLint.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['www/pkg/', 'tests/node_modules/', 'target/', 'dist/'] },
  js.configs.recommended,
  {
    files: ['www/**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.browser },
  },
  {
    files: ['www/js/worker.js'],
    languageOptions: { globals: globals.worker },
  },
  {
    files: ['tests/**/*.mjs', 'tests/**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      // `catch {}` and `catch (err) {}` whose error is not needed are fine.
      'no-unused-vars': ['error', { caughtErrors: 'none' }],
    },
  },
];
