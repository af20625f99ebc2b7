/**
 * `npm start`: the action, for real, against the local emulator of the service. Starts the
 * emulator with a small cached site, runs dist/index.js exactly as the Actions runner would
 * for a purge by tag, by URL and by pattern, then a purge verified and warmed at the emulated
 * public site on two devices, then the race of a purge against a deploy and its cure (old
 * content caught and purged again; a purge that waits for the origin), then a purge by a header
 * tag traced to its pages at the edge and proven there, then two deploys checked for being
 * whole (the bundles the fresh pages reference): a bundle cached as a 404, repaired by a
 * purge, and a stylesheet answered with HTML, which fails the step as it must; a render repaired
 * and one that fails; then a newer deploy that lands while the run verifies its own (the
 * commits of a small git repository made for it: the newer one holds the run's); and prints what
 * each purged, the outputs and the job summary. Needs no `npm install`: dist/ is self-contained
 * and these scripts use only Node's built-ins (and git, which a clone has).
 */
import { existsSync } from 'node:fs'
import { twoCommits } from './two-commits.mjs'
import { startDemoEmulator } from './demo-emulator.mjs'
import { ACTION_ENTRY, runAction } from './run-action.mjs'

const API_KEY = 'demo-api-key'

const steps = [
  {
    title: 'Purge by tag: every page tagged "blog"',
    inputs: { tags: 'blog' }
  },
  {
    title: 'Purge by URL: the home page and an absolute URL (reduced to its path)',
    inputs: { urls: '/\nhttps://www.example.com/about' }
  },
  {
    title: 'Purge by pattern: a bare regular expression (wrapped in #…# for the service)',
    inputs: { pattern: '^/docs/.*$' }
  },
  {
    title: 'Dry run: what a purge of two tags in two countries would send',
    inputs: { tags: 'products, docs', country: 'IT, FR', dry_run: 'true' }
  },
  {
    title:
      'Purge, then verify and warm at the edge: the folder tag "folder-products" and /contact, on desktop and mobile',
    inputs: {
      tags: 'folder-products',
      urls: '/contact',
      verify: 'true',
      devices: 'desktop, mobile'
    },
    site: true
  },
  {
    title:
      'The race: a purge during a rolling deploy (origin_url shows release-42 at once, the pages only after 6 s). The first render after the purge takes the previous build: caught as old content (verify_content), purged again once origin_url shows the build, then proven fresh',
    before: emulator => emulator.deploy('release-42', { rolloutMs: 6000, versionDelayMs: 0 }),
    inputs: {
      urls: '/about',
      build_id: 'release-42',
      verify: 'true',
      verify_content: 'true',
      devices: 'desktop, mobile'
    },
    site: true,
    origin: true
  },
  {
    title:
      'The cure: wait for the origin. The deploy of release-43 takes 5 s; the action waits until origin_url shows it, then purges, and the pages are proven to carry it',
    before: emulator => emulator.deploy('release-43', { rolloutMs: 5000 }),
    inputs: {
      urls: '/contact',
      build_id: 'release-43',
      verify: 'true',
      verify_content: 'true',
      devices: 'desktop, mobile'
    },
    site: true,
    origin: true
  },
  {
    title:
      'A tag set by the backend\'s header, proven at the edge: "product-shoes" is traced to its pages by reading <Prefix>-Tags before the purge, then each is checked on desktop and mobile',
    inputs: { tags: 'product-shoes', verify: 'true', devices: 'desktop, mobile' },
    site: true
  },
  {
    title:
      'A deploy made whole by a repair: release-44 is deployed, and a visitor asked for its app bundle before it existed, so the edge holds a cached 404 of it. The page is proven fresh, then the bundles it references are checked: the 404 is purged by URL and checked again, whole',
    before: emulator => {
      emulator.deploy('release-44')
      emulator.assetFault('asset-cached-404')
    },
    inputs: { urls: '/about', verify: 'true', devices: 'desktop' },
    site: true,
    quick: true
  },
  {
    title:
      "A deploy that is not whole: release-45's stylesheet never reached the origin, which answers it with its index.html (a single-page app's fallback). The page is fresh, but the step fails, naming the stylesheet and the page that needs it",
    before: emulator => {
      emulator.deploy('release-45')
      emulator.assetFault('html-fallback')
    },
    inputs: { urls: '/contact', verify: 'true', devices: 'desktop' },
    site: true,
    quick: true,
    expectFailure: true
  },
  {
    title:
      "A render repaired: the renderer's first render of /about timed out and left a blank page with a 200. The render is judged as a crawler gets it, purged by URL once, rendered again and judged whole",
    before: emulator => {
      emulator.deploy('release-46')
      emulator.renderFault('blank-once', { pages: ['/about'] })
    },
    inputs: { urls: '/about', verify: 'true', devices: 'desktop, mobile' },
    site: true,
    quick: true
  },
  {
    title:
      'A render that fails: the build leaked a staging noindex into /contact. The page is fresh and whole, but a crawler is now told not to index it, which the old render did not say: the step fails, naming the page, the device and the old render',
    before: emulator => {
      emulator.deploy('release-47')
      emulator.renderFault('noindex', { pages: ['/contact'] })
    },
    inputs: { urls: '/contact', verify: 'true', devices: 'desktop, mobile' },
    site: true,
    quick: true,
    expectFailure: true
  },
  {
    title:
      "A newer deploy wins: this run deployed commit A and purges /about; commit B, A's child, lands with the purge. The new renders show B, so the re-purge looks at origin_url first: B is newer (the checkout's history holds A in B's), so pages showing it are fresh, none is purged again, and the run ends ✅ superseded by B",
    before: (emulator, commits) => {
      emulator.deploy(commits.a)
      emulator.deploy(commits.b, { afterNextPurge: true })
    },
    inputs: commits => ({
      urls: '/about',
      build_id: commits.a,
      verify: 'true',
      verify_content: 'true',
      devices: 'desktop, mobile'
    }),
    env: commits => ({ GITHUB_WORKSPACE: commits.dir }),
    site: true,
    origin: true,
    quick: true
  }
]

const bold = text => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text)
const dim = text => (process.stdout.isTTY ? `\x1b[2m${text}\x1b[0m` : text)

async function main() {
  if (!existsSync(ACTION_ENTRY)) {
    console.error(`${ACTION_ENTRY} is missing: run \`npm ci && npm run bundle\` first.`)
    process.exit(1)
  }
  const emulator = await startDemoEmulator(API_KEY)
  const commits = twoCommits('purge-demo-repo-')
  let failures = 0
  try {
    const pages = () => new Set(emulator.state().cached.map(entry => entry.path))
    console.log(bold(`Emulator listening on ${emulator.url}; public site on ${emulator.siteUrl}`))
    console.log(
      `Cached: ${emulator.state().cachedCount} entries (page × device) for ${pages().size} pages.\n`
    )

    for (const [number, step] of steps.entries()) {
      const historyStart = emulator.history.length
      console.log(bold(`── ${number + 1}. ${step.title}`))
      const shown = typeof step.inputs === 'function' ? step.inputs(commits) : step.inputs
      console.log(dim(`   with: ${JSON.stringify(shown)}`))
      const siteRequestsStart = emulator.siteRequests.length
      const originRequestsStart = emulator.originRequests.length
      // Shorter delays for the asset steps, to keep `npm start` quick; restored after.
      if (step.quick) emulator.configureSite({ propagationMs: 500, renderMs: 200 })
      step.before?.(emulator, commits)
      const inputs = typeof step.inputs === 'function' ? step.inputs(commits) : step.inputs
      const result = await runAction({
        inputs: {
          api_key: API_KEY,
          base_url: emulator.url,
          ...(step.site && { site_url: emulator.siteUrl }),
          ...(step.origin && { origin_url: `${emulator.originUrl}/version.txt` }),
          ...inputs
        },
        ...(step.env && { env: step.env(commits) })
      })
      if (step.quick) emulator.configureSite({ propagationMs: 2000, renderMs: 500 })
      emulator.clearAssetFaults()
      emulator.clearRenderFaults()
      // A step that shows a deploy that is not whole must fail: its passing is the failure.
      if ((result.exitCode !== 0) !== (step.expectFailure === true)) {
        failures++
        if (step.expectFailure)
          console.error(`step ${number + 1} passed, but its deploy is not whole or its render bad`)
      }

      console.log(
        `   exit code ${result.exitCode}${step.expectFailure ? ' (expected: the step fails)' : ''}, ${Math.round(result.durationMs)} ms`
      )
      for (const line of actionLog(result.stdout)) console.log(dim(`   │ ${line}`))
      const purged = emulator.history.slice(historyStart)
      // From the service's own record: a verified step renders its pages again while warming,
      // so comparing the cache before and after would show none leaving.
      const left = [...new Set(purged.flatMap(record => record.paths))]
      const back = left.filter(path => pages().has(path))
      console.log(
        `   service received ${purged.length} purge request(s); pages that left the cache: ${left.length ? left.join(', ') : 'none'}${back.length ? ` (rendered again while warming: ${back.join(', ')})` : ''}`
      )
      if (step.site) {
        const asked = emulator.siteRequests.slice(siteRequestsStart)
        const byStatus = {}
        for (const request of asked) {
          const key = request.kcStatus ?? String(request.status)
          byStatus[key] = (byStatus[key] ?? 0) + 1
        }
        const assets = asked.filter(request => request.url.startsWith('/assets/'))
        if (assets.length > 0) {
          const answers = assets.map(request => `${request.url} ${request.status}`)
          console.log(`   assets asked at the edge: ${[...new Set(answers)].join(', ')}`)
        }
        console.log(
          `   the public site received ${asked.length} request(s): ${Object.entries(byStatus)
            .map(([status, count]) => `${count} ${status}`)
            .join(', ')}`
        )
      }
      if (step.origin) {
        const looks = emulator.originRequests.slice(originRequestsStart)
        const builds = [...new Set(looks.map(request => request.build))].join(' then ')
        console.log(
          `   the origin received ${looks.length} request(s) (version.txt said ${builds})`
        )
      }
      console.log('   outputs:')
      for (const [name, value] of Object.entries(result.outputs))
        console.log(`     ${name} = ${value}`)
      console.log('   job summary:')
      for (const line of summaryAsText(result.summary)) console.log(dim(`   │ ${line}`))
      console.log()
    }
    console.log(
      `Cached at the end (the verified pages were rendered again while warming): ${[...pages()].join(', ') || 'nothing'}`
    )
  } finally {
    await emulator.close()
    commits.close()
  }
  if (failures > 0) {
    console.error(`${failures} step(s) failed.`)
    process.exit(1)
  }
}

/** The action's log without the runner's own commands (masks, groups). */
function actionLog(stdout) {
  return stdout
    .split('\n')
    .filter(
      line => line !== '' && !line.startsWith('::add-mask::') && !/^::(end)?group::/.test(line)
    )
    .map(line => line.replace(/^::(notice|warning|error)::/, (_, kind) => `${kind}: `))
}

/** A terminal rendering of the summary's HTML: good enough to read, not a renderer. */
function summaryAsText(html) {
  const entities = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' }
  return html
    .replace(
      /```mermaid\n[\s\S]*?\n```/g,
      '\n[a timeline chart here: GitHub draws it, see docs/summary.md]\n'
    )
    .replace(/<br>/g, '; ')
    .replace(/<\/(th|td)>/g, ' | ')
    .replace(/<(h2|h3|h4|tr|li|p|blockquote|summary|table)[^>]*>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/&(lt|gt|quot|#39|amp);/g, entity => entities[entity] ?? entity)
    .split('\n')
    .map(line => line.trim())
    .filter(line => line !== '')
}

await main()
