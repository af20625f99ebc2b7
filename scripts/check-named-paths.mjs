/**
 * CI's check that the docs and the code's comments name only files that exist: a comment that
 * sends its reader to a file that has since moved costs that reader minutes, and
 * nothing else notices (imports are checked by the compiler, prose by nobody).
 *
 * What is read: the Markdown docs, the workflows and action.yml whole; in code (src/, scripts/,
 * bench/, emulator/, pcre2/, __tests__/, .ci/, .githooks/) only the comments, since a test's
 * strings are mostly example paths of a customer's site. What counts as a name of this
 * repository's file:
 *
 * - a path whose first folder is one of the repository's top-level folders (`src/cli/args.ts`,
 *   `../scripts/pack.mjs`, `docs/verify.md`), or a folder of src/ (`verify/index.ts`, read as
 *   src/verify/index.ts); a Markdown link's target is read from the document's own folder;
 * - a bare module name (`redact.ts`, `check-dist.mjs`): some tracked file must have that name.
 *
 * `.js` stands for `.ts` as in the sources' imports. Under docs/ and .github/, which a customer's
 * repository has too, a path in a folder this one does not have (`docs/guide/install.md` in a
 * url_map example) is a customer's, not ours.
 *
 *   node scripts/check-named-paths.mjs     prints each dangling name with where it is; exit 1
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * Names that look like this repository's files and are not, on purpose: each says why.
 * @type {ReadonlyMap<string, string>}
 */
const NOT_OURS = new Map([
  // Written by `npm run bench`, ignored by git.
  ['bench/results.json', 'the benchmark writes it']
])

/** Top-level folders a customer's site has as well, whose examples name its files. */
const SHARED_FOLDERS = new Set(['docs', '.github'])

/** Files whose comments name files that are not this repository's, on purpose. */
const NOT_READ = new Map([
  ['__tests__/unit/url-map.test.ts', "url_map's examples: a customer's repository"],
  ['__tests__/unit/named-paths.test.ts', 'the names this check must catch']
])

/** Where whole files are prose (every line may name a file) and where only comments are. */
const PROSE = /\.(md|ya?ml)$/
const CODE = /\.(ts|mjs|js|cjs|sh|py)$|^\.ci\/run$|^\.githooks\//

/** The comments of a source file, one string each (strings and code left out). */
export function commentsOf(path, text) {
  if (/\.(sh|py)$|^\.ci\/run$|^\.githooks\//.test(path)) {
    return text.split('\n').flatMap(line => {
      const at = line.search(/(^|\s)#/)
      return at >= 0 && !line.startsWith('#!') ? [line.slice(at)] : []
    })
  }
  // Block comments and line comments; a `//` inside a string or a URL (`https://`) is not one.
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:\w'"`\\])\/\/[^\n]*/g)].map(match => match[0])
}

const NAME =
  /(?<![\w.@/-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w-][\w.-]*\.(?:ts|mjs|js|md|ya?ml|json|sh|py|wasm))(?![\w/-])/g

/**
 * The dangling names in one file's text: the names of this repository's files (see above)
 * that no tracked file answers.
 * @param {string} path the file's path in the repository
 * @param {string} text
 * @param {{ files: ReadonlySet<string>, basenames: ReadonlySet<string>, topFolders: ReadonlySet<string>, srcFolders: ReadonlySet<string>, folders: ReadonlySet<string> }} tree
 */
export function danglingNames(path, text, tree) {
  const texts = PROSE.test(path) ? [text] : commentsOf(path, text)
  const dangling = new Set()
  for (const part of texts) {
    for (const [, name] of part.matchAll(NAME)) {
      const targets = repositoryPath(path, name, tree)
      if (targets === undefined || targets.some(target => NOT_OURS.has(target))) continue
      if (!exists(targets, tree)) dangling.add(name)
    }
  }
  return [...dangling]
}

/** The repository path a name points at, or undefined when it names no file of ours. */
function repositoryPath(from, name, tree) {
  const bare = name.replace(/^\.\//, '')
  if (!bare.includes('/')) {
    // A bare name: only module-like ones (kebab-case code files), not `Node.js` or `./deploy.sh`.
    return /^[a-z0-9][a-z0-9-]*[a-z0-9]\.(ts|mjs)$/.test(bare) ? [bare] : undefined
  }
  // `../x` is read from the file's folder (an import in a comment); `./x` from the file's
  // folder or from the repository's root (a command run there, a workflow's `uses: ./…`).
  const paths = name.startsWith('../')
    ? [normalize(join(dirname(from), name))]
    : name.startsWith('./')
      ? [normalize(join(dirname(from), name)), normalize(name)]
      : [name]
  const ours = paths.filter(path => {
    const first = path.split('/')[0]
    if (!tree.topFolders.has(first)) return false
    // docs/ and .github/ are in every customer's repository too: a path there is ours only
    // under a folder we have (`docs/verify.md`, not `docs/guide/install.md`).
    return !SHARED_FOLDERS.has(first) || tree.folders.has(dirname(path))
  })
  if (ours.length > 0) return ours
  // `verify/index.ts`: a module named from src/ (code only: `build/pcre2.wasm` is no module).
  if (tree.srcFolders.has(name.split('/')[0]) && /\.(ts|js)$/.test(name)) return [`src/${name}`]
  return undefined
}

/** Whether any of the paths a name may mean is a tracked file (`.js` standing for `.ts`). */
function exists(targets, tree) {
  return targets.some(target => {
    const candidates = [target, target.replace(/\.js$/, '.ts')]
    return target.includes('/')
      ? candidates.some(candidate => tree.files.has(candidate))
      : candidates.some(candidate => tree.basenames.has(candidate))
  })
}

/** The tracked files, and the folder names a path of ours starts with. */
export function treeOf(files) {
  const set = new Set(files)
  const topFolders = new Set(files.filter(f => f.includes('/')).map(f => f.split('/')[0]))
  const srcFolders = new Set(files.filter(f => /^src\/[^/]+\//.test(f)).map(f => f.split('/')[1]))
  const basenames = new Set(files.map(f => f.split('/').pop()))
  const folders = new Set(files.map(f => dirname(f)))
  return { files: set, basenames, topFolders, srcFolders, folders }
}

/** Every dangling name in the tracked files, as `path: name` lines. */
export function checkRepository(root) {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
  const tree = treeOf(files)
  const problems = []
  for (const path of files) {
    // The changelog is history: it names files as they were when each entry was written.
    if (path === 'CHANGELOG.md' || path.startsWith('dist/') || path.startsWith('pcre2/src/'))
      continue
    if ((!PROSE.test(path) && !CODE.test(path)) || NOT_READ.has(path)) continue
    const text = readFileSync(join(root, path), 'utf8')
    for (const name of danglingNames(path, text, tree)) problems.push(`${path}: ${name}`)
  }
  return problems
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = checkRepository(process.cwd())
  if (problems.length > 0) {
    console.error(`These files name files that do not exist (moved, renamed or deleted):`)
    for (const problem of problems) console.error(`  ${problem}`)
    process.exit(1)
  }
}
