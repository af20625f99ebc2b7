/**
 * The synthetic inputs of the benchmark, deterministic so every run measures the same work:
 * short URLs for the throughput runs, and a realistic 50-rule url_map with the changed files
 * of a large multilingual site for the mapping runs.
 */

/**
 * `count` distinct short URLs (`/p/100000`, ...): short, so 10,000 of them fit in one
 * environment variable (Linux caps one at 128 KiB).
 * @param {number} count
 * @returns {string[]}
 */
export function shortUrls(count) {
  return Array.from({ length: count }, (_, i) => `/p/${100000 + i}`)
}

/**
 * A 50-rule url_map as a documentation/e-commerce site would write it: exclusions first, then
 * layouts and data (tags), static files, and content sections with captures, the localized
 * sections last, then a catch-all. Most generated paths match rules in the last third.
 */
export const URL_MAP = `# tooling, tests and sources of assets are never pages
!.github/**
!node_modules/**
!scripts/**
!tests/**
!**/*.test.ts
!**/*.spec.ts
!**/*.map
!**/*.psd
!**/.DS_Store
!README.md
!package.json
!package-lock.json
!content/**/_draft-*.md
# templates and data change many pages: purge those by tag
layouts/_default/** -> tag:layout-default
layouts/partials/{name}.html -> tag:partial-{name}
layouts/shortcodes/{name}.html -> tag:shortcode-{name}
layouts/{section}/** -> tag:layout-{section}
data/menus/{menu}.yaml -> tag:menu-{menu}
data/authors/{author}.yaml -> tag:author-{author}
data/** -> tag:data
assets/css/** -> tag:styles
assets/js/** -> tag:scripts
static/images/{path...} -> /images/{path}
static/fonts/** -> tag:fonts
static/{path...} -> /{path}
# content
content/_index.md -> /
content/search.md -> /search/
content/about/{page}.md -> /about/{page}/ tag:about
content/careers/{job}.md -> /careers/{job}/ /careers/ tag:careers
content/events/{y}/{slug}.md -> /events/{y}/{slug}/ /events/ tag:events-{y}
content/news/{y}-{m}-{d}-{slug}.md -> /news/{y}/{m}/{slug}/ /news/ tag:news tag:news-{y}
content/blog/_index.md -> /blog/ tag:blog
content/blog/{y}/{m}/{slug}/index.md -> /blog/{y}/{m}/{slug}/ /blog/ tag:blog tag:blog-{y}-{m}
content/blog/{y}/{m}/{slug}/{asset} -> /blog/{y}/{m}/{slug}/{asset}
content/authors/{author}/_index.md -> /authors/{author}/ tag:author-{author}
content/docs/{version}/_index.md -> /docs/{version}/ tag:docs-{version}
content/docs/{version}/api/{pkg}/{name}.md -> /docs/{version}/api/{pkg}/{name}/ tag:api-{pkg}
content/docs/{version}/{section...}/_index.md -> /docs/{version}/{section}/ tag:docs-{version}
content/docs/{version}/{section...}/{page}.md -> /docs/{version}/{section}/{page}/ tag:docs-{version}
content/products/_index.md -> /products/ tag:catalog
content/products/{category}/_index.md -> /products/{category}/ tag:category-{category}
content/products/{category}/{sku}/index.md -> /products/{category}/{sku}/ tag:product-{sku} tag:category-{category}
content/products/{category}/{sku}/{image}.jpg -> /products/{category}/{sku}/{image}.jpg tag:product-{sku}
# localized copies: /{lang}/...
content/{lang}/blog/{y}/{m}/{slug}/index.md -> /{lang}/blog/{y}/{m}/{slug}/ tag:blog-{lang}
content/{lang}/docs/{version}/{section...}/{page}.md -> /{lang}/docs/{version}/{section}/{page}/ tag:docs-{version}-{lang}
content/{lang}/products/{category}/{sku}/index.md -> /{lang}/products/{category}/{sku}/ tag:product-{sku} tag:lang-{lang}
content/{lang}/{section}/_index.md -> /{lang}/{section}/ tag:lang-{lang}
content/{dir...}/index.md -> /{dir}/
content/{dir...}/{page}.md -> /{dir}/{page}/
{path...} -> /{path}
`

/**
 * The 20-rule url_map of the speed target (100,000 paths in under 0.5 s): the same site,
 * written the short way. Every path of `changedPaths` is decided by one of its rules.
 */
export const URL_MAP_20 = `!tests/**
!**/*.test.ts
!**/*.map
layouts/_default/** -> tag:layout-default
layouts/partials/{name}.html -> tag:partial-{name}
layouts/{section}/** -> tag:layout-{section}
data/** -> tag:data
assets/** -> tag:assets
static/images/{path...} -> /images/{path}
static/{path...} -> /{path}
content/_index.md -> /
content/blog/{y}/{m}/{slug}/index.md -> /blog/{y}/{m}/{slug}/ tag:blog
content/docs/{version}/api/{pkg}/{name}.md -> /docs/{version}/api/{pkg}/{name}/ tag:api-{pkg}
content/products/{category}/{sku}/index.md -> /products/{category}/{sku}/ tag:product-{sku}
content/products/{category}/{sku}/{image}.jpg -> /products/{category}/{sku}/{image}.jpg tag:product-{sku}
content/{lang}/blog/{y}/{m}/{slug}/index.md -> /{lang}/blog/{y}/{m}/{slug}/ tag:blog-{lang}
content/{lang}/docs/{version}/{section...}/{page}.md -> /{lang}/docs/{version}/{section}/{page}/ tag:docs-{version}-{lang}
content/{lang}/products/{category}/{sku}/index.md -> /{lang}/products/{category}/{sku}/ tag:product-{sku} tag:lang-{lang}
content/{dir...}/{page}.md -> /{dir}/{page}/
{path...} -> /{path}
`

const LANGS = ['de', 'fr', 'it', 'es', 'ja', 'pt-br']
const CATEGORIES = ['shoes', 'jackets', 'bags', 'watches', 'outdoor-gear', 'accessories']
const DOC_SECTIONS = ['getting-started', 'guides/deployment', 'guides/caching', 'reference/cli']

/**
 * `count` distinct changed paths, mostly matching the last rules: localized product pages and
 * docs (rules 41-43), product images, blog posts, then a few exclusions, layouts, data, static
 * files, and paths only the catch-all takes.
 * @param {number} count
 * @returns {string[]}
 */
export function changedPaths(count) {
  const paths = new Array(count)
  for (let i = 0; i < count; i++) {
    const lang = LANGS[i % LANGS.length]
    const category = CATEGORIES[(i >> 3) % CATEGORIES.length]
    const sku = `sku-${(i * 7919) % 1_000_003}`
    const slot = i % 20
    let path
    if (slot < 7) path = `content/${lang}/products/${category}/${sku}-${i}/index.md`
    else if (slot < 11) {
      const section = DOC_SECTIONS[i % DOC_SECTIONS.length]
      path = `content/${lang}/docs/v${1 + (i % 4)}/${section}/page-${i}.md`
    } else if (slot < 13) path = `content/products/${category}/${sku}/photo-${i}.jpg`
    else if (slot < 15) {
      const month = String(1 + (i % 12)).padStart(2, '0')
      path = `content/${lang}/blog/${2015 + (i % 10)}/${month}/post-${i}/index.md`
    } else if (slot === 15) path = `content/docs/v4/api/pkg-${i % 30}/fn-${i}.md`
    else if (slot === 16) path = `tests/unit/module-${i}.test.ts`
    else if (slot === 17) path = `layouts/partials/widget-${i}.html`
    else if (slot === 18) path = `static/images/gallery/${2015 + (i % 10)}/img-${i}.webp`
    else path = `downloads/catalogues/${lang}/catalogue-${i}.pdf`
    paths[i] = path
  }
  return paths
}
