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
    // The runner's clock is read through time/clock.ts's Clock, which tests replace: a
    // Date.now() beside it is a time the tests cannot drive.
    files: ['src/**'],
    ignores: ['src/time/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "Read the runner's clock through a Clock (src/time/clock.ts), not Date.now()."
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Read the runner's clock through a Clock (src/time/clock.ts), not new Date()."
        }
      ]
    }
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
