import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/', 'lib/', 'node_modules/', 'coverage/', '.tmp/', 'bench/results*.json'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' }
  },
  {
    // In tests a `!` on a value the test itself just built is clearer than a guard.
    files: ['__tests__/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' }
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ]
    }
  }
)
