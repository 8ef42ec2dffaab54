// The rules the code already follows, so that new code keeps to them: `npm run lint` (also part of `npm test`).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // The apps a test copies into a project and runs there are CommonJS, as the projects Falcon meets are.
  { ignores: ['dist/', 'coverage/', 'test/fixtures/', 'test/apis/buggy-api/', 'test/apis/users-api/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-console': 'error',
      // Terminal safety matches control characters on purpose.
      'no-control-regex': 'off',
      // vi.mock's importOriginal<typeof import('…')>() is the way to type a mocked module.
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Rules that need the types: a promise nobody awaits or catches, a promise where a callback's
    // result is ignored, and a switch over a union that forgets a member.
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['src/tui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'ink', importNames: ['useInput', 'useStdin'], message: 'Widgets read keys and pastes with useKeys (src/tui/keys/use-keys.tsx).' }] },
      ],
    },
  },
  { files: ['src/tui/keys/use-keys.tsx'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
      },
    },
  },
  // Expected terminal output is aligned with spaces, and reads better as it looks.
  { files: ['test/**', 'scripts/**'], rules: { 'no-console': 'off', 'no-regex-spaces': 'off' } },
);
