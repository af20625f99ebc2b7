/**
 * The import rules CI checks (`npm run check:imports`), built from the module map in
 * scripts/architecture.mjs: no cycle between files, and each part of src/ imports only the
 * parts below it. docs/development.md shows the same map as a table.
 */
import { PARTS, SIBLINGS_APART, memberPattern, pathPattern } from './scripts/architecture.mjs'

const upward = PARTS.slice(0, -1).map((part, index) => ({
  name: `${part.name}-imports-downward-only`,
  comment: `${part.path} may import only the parts below it (docs/development.md, the module map)`,
  severity: 'error',
  from: { path: pathPattern(part.path) },
  to: { path: PARTS.slice(index + 1).map(above => pathPattern(above.path)) }
}))

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files that import each other in a circle cannot be understood one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true }
    },
    ...upward,
    ...SIBLINGS_APART.map(({ name, members, shared }) => ({
      name: `no-sideways-in-${name}`,
      comment: `${members.join(' and ')} stand side by side: what two of them share moves below them`,
      severity: 'error',
      from: { path: members.map(memberPattern) },
      to: { path: members.map(memberPattern), pathNot: shared.map(pathPattern) }
    })),
    {
      name: 'outside-src-not-from-src',
      comment:
        'src/ stands alone: tests, the emulator, scripts and the bench may import it, never the reverse.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(__tests__|emulator|scripts|bench)/' }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.mjs', '.js']
    }
  }
}
