/**
 * `npm start` (scripts/demo.mjs) as a newcomer runs it: every step passes, and each step names
 * the pages that left the cache, the verified one included (its pages are rendered again while
 * warming, so comparing the cache before and after would show "none"); and it shows the race of
 * a purge against a deploy and its cure, two deploys checked for being whole (a cached 404
 * repaired by a purge, an HTML fallback that fails), two renders judged, and a newer deploy that
 * lands with the purge and wins.
 *
 * Needs the bundle: `npm start` is scripts/demo.mjs running dist/index.js step after step in
 * children, as a newcomer runs it.
 */
import { expect, it } from '@jest/globals'
import { fileURLToPath } from 'node:url'
import { runNode, REPO_ROOT } from '../../scripts/run-action.mjs'

const DEMO = fileURLToPath(new URL('../../scripts/demo.mjs', import.meta.url))
/** Thirteen steps, several waiting for a purge to propagate or a re-purge to come due: about 60 s. */
const DEMO_TIMEOUT_MS = 90_000

it(
  'npm start: each purge names the pages that left the cache, the verified step too',
  async () => {
    const { exitCode, stdout, stderr } = await runNode(
      [DEMO],
      { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? REPO_ROOT },
      REPO_ROOT
    )
    expect(stderr).toBe('')
    expect(exitCode).toBe(0)
    const left = stdout.split('\n').filter(line => line.includes('pages that left the cache:'))
    expect(left).toHaveLength(13)
    expect(left[0]).toContain('pages that left the cache: /blog/, /blog/hello-world.html')
    expect(left[3]).toContain('0 purge request(s); pages that left the cache: none')
    // The last step's folder tag names pages still cached (not the blog's, gone in step 1): each
    // leaves the cache and is rendered again while warming.
    const verified = '/products/, /products/shoes?color=red, /products/shoes?color=blue, /contact'
    expect(left[4]).toContain(
      `2 purge request(s); pages that left the cache: ${verified} (rendered again while warming: ${verified})`
    )
    // The race: /about purged during a rolling deploy, caught as old content, purged again.
    expect(left[5]).toContain('2 purge request(s); pages that left the cache: /about')
    expect(stdout).toContain('Old content: 1 page served from another build')
    // Its cure: one purge, sent once the origin showed the build.
    expect(left[6]).toContain('1 purge request(s); pages that left the cache: /contact')
    expect(stdout).toMatch(/Origin: build release-43 is live after \d+\.\d s/)
    expect(stdout).toContain('version.txt said release-42 then release-43')
    // A header tag, traced to its two pages at the edge before the purge, then proven there.
    // A tag purge's record lists its pages in the emulator's cache order, which the warming of
    // earlier steps leaves to the race of their requests: compared as a set.
    const shoes = /1 purge request\(s\); pages that left the cache: ([^(]+?)(?: \(|$)/.exec(
      left[7] ?? ''
    )
    expect(shoes?.[1]?.split(', ').sort()).toEqual([
      '/products/shoes?color=blue',
      '/products/shoes?color=red'
    ])
    expect(stdout).toMatch(/Tag product-shoes: 2 pages found among \d+ read of \d+ in the sitemap/)
    const tagged = stdout.slice(stdout.indexOf('── 8.'), stdout.indexOf('── 9.'))
    expect(tagged).toContain('verify_status = fresh')
    expect(tagged).toContain('pages_checked = 2')
    // A bundle cached as a 404, repaired by a URL purge: the deploy ends whole.
    const repaired = stdout.slice(stdout.indexOf('── 9.'), stdout.indexOf('── 10.'))
    expect(repaired).toMatch(
      /assets asked at the edge: .*\/assets\/app\.[0-9a-f]{8}\.js 404.*\/assets\/app\.[0-9a-f]{8}\.js 200/
    )
    expect(repaired).toContain('verify_status = fresh')
    expect(repaired).toContain('broken_assets = []')
    // And a stylesheet answered with HTML: not whole, the step fails as it must.
    const broken = stdout.slice(stdout.indexOf('── 10.'), stdout.indexOf('── 11.'))
    expect(broken).toMatch(/exit code [1-9]\d* \(expected: the step fails\)/)
    expect(broken).toContain('verify_status = broken')
    expect(broken).toMatch(
      /broken_assets = \[\{"url":"http:\/\/127\.0\.0\.1:\d+\/assets\/app\.[0-9a-f]{8}\.css"/
    )
    // A render that timed out once: blank, purged by URL once to render it again, whole.
    const rerendered = stdout.slice(stdout.indexOf('── 11.'), stdout.indexOf('── 12.'))
    expect(rerendered).toContain('verify_status = fresh')
    expect(rerendered).toContain('render_problems = []')
    expect(rerendered).toMatch(/🔧 \d rendered again by a purge/)
    expect(rerendered).toContain('(to render again)')
    // And a noindex the build leaked: the page is fresh and whole, the step fails, naming it.
    const leaked = stdout.slice(stdout.indexOf('── 12.'), stdout.indexOf('── 13.'))
    expect(leaked).toMatch(/exit code [1-9]\d* \(expected: the step fails\)/)
    expect(leaked).toContain('verify_status = bad-render')
    expect(leaked).toMatch(
      /render_problems = \[\{"url":"http:\/\/127\.0\.0\.1:\d+\/contact","device":"\w+","reason":"noindex"/
    )
    // A newer deploy that lands with the purge: its pages count as fresh, none is purged again,
    // and the run ends ✅ naming it, never calling anything "the previous build".
    const newer = stdout.slice(stdout.indexOf('── 13.'))
    expect(newer).toMatch(/^ {3}exit code 0,/m)
    expect(left[12]).toContain('1 purge request(s); pages that left the cache: /about')
    expect(newer).toContain('verify_status = fresh')
    expect(newer).toMatch(/superseded_by = [0-9a-f]{40}\n/)
    expect(newer).toMatch(/✅ superseded by [0-9a-f]{7}/)
    expect(newer).toMatch(/version\.txt said [0-9a-f]{40} then [0-9a-f]{40}/)
    expect(newer).not.toMatch(/previous build/)
  },
  DEMO_TIMEOUT_MS
)
