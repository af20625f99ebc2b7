/**
 * Ready-made `url_map` inputs for common site layouts. The README shows them verbatim for users
 * to copy into their workflows, so they stay short and say why where a rule is not obvious.
 * Rules are tried in order and the first match decides, so exclusions come before catch-alls.
 */

/**
 * A site served from the repository root: every file at its own path, folders at `/dir/`; the
 * files that are never pages purge nothing (a changed workflow is no page to purge). Only
 * those: README.md and LICENSE stay, as GitHub Pages and plain hosts serve them.
 */
export const DEFAULT_URL_MAP = `# never pages: repository plumbing, editor settings, CI files, lockfiles
.well-known/{path...} -> /.well-known/{path}
!**/.*
!**/.*/**
!Jenkinsfile
!azure-pipelines.yml
!bitbucket-pipelines.yml
!**/package-lock.json
!**/npm-shrinkwrap.json
!**/yarn.lock
!**/pnpm-lock.yaml
!**/bun.lockb
!**/Gemfile.lock
!**/composer.lock
!**/poetry.lock
!**/Cargo.lock
index.html -> /
{dir...}/index.html -> /{dir}/ /{dir}/index.html
{path...} -> /{path}
`

/** Hugo: pages under content/ get pretty URLs; static/ is served from the root. */
export const HUGO_URL_MAP = `content/_index.md -> /
content/{section...}/_index.md -> /{section}/
content/{page...}/index.md -> /{page}/
content/{dir...}/{slug}.md -> /{dir}/{slug}/
content/{slug}.md -> /{slug}/
content/{path...} -> /{path}
static/{path...} -> /{path}
# templates change many pages: purge those by a tag your pages carry
layouts/** -> tag:layouts
!themes/**
!archetypes/**
!.github/**
!README.md
`

/** Jekyll: posts get the default permalink (/:year/:month/:day/:title.html), pages .html. */
export const JEKYLL_URL_MAP = `_posts/{y}-{m}-{d}-{slug}.md -> /{y}/{m}/{d}/{slug}.html
_posts/{y}-{m}-{d}-{slug}.markdown -> /{y}/{m}/{d}/{slug}.html
# settings, templates, drafts and tooling are not pages
!_config.yml
!_includes/**
!_layouts/**
!_sass/**
!_data/**
!_drafts/**
!Gemfile*
!README.md
!.github/**
index.md -> /
index.html -> /
{dir...}/index.md -> /{dir}/ /{dir}/index.html
{dir...}/index.html -> /{dir}/ /{dir}/index.html
{name}.md -> /{name}.html
{dir...}/{name}.md -> /{dir}/{name}.html
{path...} -> /{path}
`

/** A site built into public/: files there are served from the root; nothing else is. */
export const PUBLIC_FOLDER_URL_MAP = `public/index.html -> /
public/{dir...}/index.html -> /{dir}/ /{dir}/index.html
public/{path...} -> /{path}
!**
`

/** The default map, but styles, scripts, images, fonts, docs and repo plumbing purge nothing. */
export const ASSETS_EXCLUDED_URL_MAP = `# assets usually carry a hash in their name, so a new build gives new URLs
!**/*.css
!**/*.js
!**/*.map
!**/*.png
!**/*.jpg
!**/*.jpeg
!**/*.gif
!**/*.svg
!**/*.webp
!**/*.avif
!**/*.ico
!**/*.woff
!**/*.woff2
!**/*.md
!.github/**
!package*.json
${DEFAULT_URL_MAP}`

export interface UrlMapPreset {
  /** One line for the README's table of presets. */
  readonly description: string
  readonly text: string
}

export const URL_MAP_PRESETS: Readonly<Record<string, UrlMapPreset>> = {
  default: {
    description:
      'A site served from the repository root: each file at its own path, folders at /dir/.',
    text: DEFAULT_URL_MAP
  },
  hugo: {
    description: 'Hugo: content/ pages at pretty URLs (/posts/my-post/), static/ at the root.',
    text: HUGO_URL_MAP
  },
  jekyll: {
    description:
      'Jekyll: _posts at /YYYY/MM/DD/slug.html, pages at /name.html, site plumbing excluded.',
    text: JEKYLL_URL_MAP
  },
  'public-folder': {
    description:
      'A site built into public/: public/x is served at /x; files elsewhere are excluded.',
    text: PUBLIC_FOLDER_URL_MAP
  },
  'assets-excluded': {
    description:
      'The default map, but CSS, JS, images, fonts, Markdown and repo plumbing purge nothing.',
    text: ASSETS_EXCLUDED_URL_MAP
  }
}
