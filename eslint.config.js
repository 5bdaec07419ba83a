import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = fs.existsSync('web/src/features')
  ? fs.readdirSync('web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'bench/results/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Imports go one way: server/ and web/ use domain/, domain/ uses neither,
      // and one web feature does not reach into another (the app composes them).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './domain', from: ['./server', './web'], message: 'domain/ no importa server/ ni web/' },
            { target: './web', from: './server', message: 'web/ no importa server/' },
            { target: './server', from: './web', message: 'server/ no importa web/' },
            ...features.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'una feature no importa otra: compartí en components/ o api/',
            })),
          ],
        },
      ],
      'import-x/no-cycle': ['error', { maxDepth: 4, ignoreExternal: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      // `Modal.extend({...})` in the theme is an identity function, but importing it puts the component
      // and everything it brings (focus trap, portal, floating-ui) into every visitor's first page.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='extend'][callee.object.type='Identifier'][callee.object.name=/^[A-Z]/]",
          message: 'En el tema, un componente va como objeto ({ defaultProps } satisfies Partial<ModalProps>), no con Componente.extend(): importarlo lo suma a la primera página de cada visitante.',
        },
      ],
    },
  },
);
