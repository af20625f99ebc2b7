/**
 * Where a list file (`tags_file`, `urls_file`) may be: the entry says which folders hold the
 * files a run may read, and whether an absolute path its user typed may name any file. A
 * workflow's inputs can come from a pull request (a committed symlink, a `../` path), so the
 * action reads only inside the runner's folders; a command line's user who types an absolute
 * path chooses that file themselves.
 */
import { isAbsolute, relative, sep } from 'node:path'
import { andList } from '../text/format.js'

/** A folder list files may be in, named as messages name it (`GITHUB_WORKSPACE`). */
export interface ListFileRoot {
  readonly name: string
  readonly path: string
}

export interface ListFilePlaces {
  /** Where a relative path starts: the runner's workspace, the command's working directory. */
  readonly base: string
  /** The folders a list file must be inside once every link is followed. */
  readonly roots: readonly ListFileRoot[]
  /** Whether an absolute path may name a file anywhere (the command line's user typed it). */
  readonly absoluteAnywhere: boolean
}

/**
 * Why a list file that resolves to `real` (every link followed, as the roots are) may not be
 * read, or undefined when it may. `typedAbsolute`: the input named it by an absolute path.
 */
export function placeProblem(
  real: string,
  places: ListFilePlaces,
  realRoots: readonly ListFileRoot[],
  typedAbsolute: boolean
): string | undefined {
  const root = realRoots.find(candidate => isInside(candidate.path, real))
  if (root !== undefined) return gitFolderProblem(real, relative(root.path, real))
  if (places.absoluteAnywhere && typedAbsolute) return gitFolderProblem(real, real)
  const area = places.absoluteAnywhere ? 'the current directory' : 'the workspace'
  const outside = andList(realRoots.map(({ name, path }) => `${name} (${path})`))
  const fix = places.absoluteAnywhere
    ? "give the file's absolute path to read it anyway"
    : `a list file must be inside ${realRoots.length === 1 ? 'it' : 'one of them'}, links followed`
  return `leaves ${area}: it leads to ${real}, outside ${outside}; ${fix}`
}

/**
 * Whether `path` is `root` or under it. By path segments, not by text: `/srv/ws-evil` starts
 * with `/srv/ws` and is not under it.
 */
export function isInside(root: string, path: string): boolean {
  const rest = relative(root, path)
  return rest === '' || (!isAbsolute(rest) && rest !== '..' && !rest.startsWith(`..${sep}`))
}

/**
 * A file under `.git` is refused wherever it is: git keeps the checkout's credentials there
 * (actions/checkout's token in .git/config, GitLab's job token in the remote's URL), and a link
 * committed beside the list could name it without leaving the workspace.
 */
function gitFolderProblem(real: string, below: string): string | undefined {
  const inGit = below.split(/[\\/]/).some(segment => segment.toLowerCase() === '.git')
  return inGit
    ? `is inside .git, where git keeps the checkout's credentials and never a list (${real}): name a file of the working tree`
    : undefined
}
