/**
 * Where a list file (`tags_file`, `urls_file`) may be: the entry says which folders hold the
 * files a run may read, and whether an absolute path its user typed may name any file. A
 * workflow's inputs can come from a pull request (a committed symlink, a `../` path), so the
 * action reads only inside the runner's folders; a command line's user who types an absolute
 * path chooses that file themselves.
 */

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
