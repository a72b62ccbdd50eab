import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import wharfBoundaries from './eslint/wharf-boundaries.js';

// A focused or skipped test silently stops proving anything. (A block that sets this rule again must
// repeat these: ESLint replaces a rule's options, it does not merge them.)
const focusedOrSkippedTests = ['it', 'describe', 'test'].flatMap((object) =>
  ['only', 'skip'].map((property) => ({ object, property })),
);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.test-data/**', 'apps/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': ['error', ...focusedOrSkippedTests],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Radix loads on intent, not with the page (decision 019): one static import anywhere else would
    // put it back into every signed-in page's first paint.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/ui/overlay-primitives.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@radix-ui/*'],
              allowTypeImports: true,
              message: 'Use the primitives from ui/overlays.ts (useOverlays), which load on intent (decision 019).',
            },
          ],
        },
      ],
    },
  },
  {
    // Every call to an address a user gave goes through the guarded outbound fetch (decision 024):
    // no module calls fetch or an HTTP client itself. reCAPTCHA and Stripe talk to fixed hosts.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**/*.test.ts',
      'apps/server/src/modules/**/fixtures/**',
      'apps/server/src/modules/captcha/service.ts',
      'apps/server/src/modules/billing/gateway/stripe.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call addresses through core/http/outbound.ts (createOutboundFetch), decision 024.' },
        { name: 'XMLHttpRequest', message: 'Call addresses through core/http/outbound.ts, decision 024.' },
        { name: 'WebSocket', message: 'Call addresses through core/http/outbound.ts, decision 024.' },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            'node:http',
            'http',
            'node:https',
            'https',
            'node:http2',
            'http2',
            'node:net',
            'net',
            'node:tls',
            'tls',
          ]
            .concat(['undici', 'got', 'axios', 'node-fetch', 'cross-fetch', 'superagent', 'needle'])
            .map((name) => ({
              name,
              allowTypeImports: true,
              message: 'Call addresses through core/http/outbound.ts (createOutboundFetch), decision 024.',
            })),
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'globalThis', property: 'fetch', message: 'Use core/http/outbound.ts, decision 024.' },
        { object: 'webpush', property: 'sendNotification', message: 'Send through PushSender (the outbound guard).' },
        ...focusedOrSkippedTests,
      ],
    },
  },
  {
    // Module boundaries (DESIGN.md, "Modules"): a module's tables are private to it, core/ depends on no
    // module, and modules import no circles. Test files too: a test reading another module's tables
    // couples to them as much as code does. The rules live in eslint/wharf-boundaries.js.
    files: ['apps/server/src/**/*.ts'],
    plugins: { wharf: wharfBoundaries },
    rules: {
      'wharf/private-tables': 'error',
      'wharf/core-independent': 'error',
      'wharf/no-module-cycles': 'error',
    },
  },
  prettier,
);
