/**
 * `npm run render-summary`: the pictures of docs/summary.md, docs/review.md and the README. Runs
 * the action for real (dist/index.js, as the runner does) against the emulator, like `npm start`,
 * renders each run's job summary as GitHub renders it (GitHub-flavoured Markdown with micromark,
 * GitHub's own stylesheet at the job summary's width, the mermaid chart drawn in the page), and
 * screenshots it with headless Chromium into docs/images/. The pull-request comment's picture is
 * the comment the run wrote (pr_comment) on the fake GitHub API of the tests, rendered the same
 * way.
 *
 * Needs Chromium and color emoji from Debian's packages (`apt-get install chromium
 * fonts-noto-color-emoji fonts-noto-core`); CHROMIUM names another binary. CI does not run it:
 * the images are committed. `--only NAME` renders one picture; `--markdown DIR` also keeps each
 * summary's Markdown there.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { chromium } from 'playwright-core'
import { startFakeGitHub } from '../__tests__/support/fake-github.mjs'
import { startDemoEmulator } from './demo-emulator.mjs'
import { ACTION_ENTRY, runAction } from './run-action.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const IMAGES = join(ROOT, 'docs', 'images')
const require = createRequire(import.meta.url)
const API_KEY = 'render-api-key'
/** The job summary's text column on github.com (a run's page at a desktop width). */
const SUMMARY_WIDTH = 880

/**
 * The runs pictured. Entries arrive at the edge between 2 and 8 s after a purge (a propagation
 * of 2 s plus up to 6 s of jitter), so a 6 s deadline leaves some stale: what a reader has to
 * act on. The race is `npm start`'s: old content purged again once the origin shows the build.
 */
const PICTURES = [
  {
    name: 'summary',
    job: 'purge',
    site: { propagationMs: 2000, propagationJitterMs: 6000 },
    inputs: {
      tags: 'folder-products',
      urls: '/\n/about\n/contact',
      verify: 'true',
      devices: 'desktop, mobile',
      verify_timeout_seconds: '6'
    }
  },
  {
    name: 'summary-race',
    job: 'purge',
    site: { propagationMs: 2000, propagationJitterMs: 0 },
    before: emulator => emulator.deploy('release-42', { rolloutMs: 6000, versionDelayMs: 0 }),
    origin: true,
    inputs: {
      urls: '/about',
      build_id: 'release-42',
      verify: 'true',
      verify_content: 'true',
      devices: 'desktop, mobile'
    }
  },
  {
    // The plan of a pull request as its comment: pr_comment on a pull_request event, a dry run.
    name: 'pr-comment',
    job: 'github-actions bot commented',
    site: {},
    pullRequest: {
      number: 12,
      files: [
        'content/about.md',
        'content/blog/hello-world.md',
        'content/blog/second-post.md',
        'assets/site.css',
        'README.md'
      ]
    },
    inputs: {
      dry_run: 'true',
      changed_files: 'true',
      url_map: [
        '!**/*.css',
        'content/index.md -> /',
        'content/blog/{slug}.md -> /blog/{slug}.html tag:folder-blog',
        'content/{page}.md -> /{page}'
      ].join('\n'),
      pattern: '#^/docs/guide/#',
      verify: 'true',
      devices: 'desktop, mobile',
      rate: '5',
      pr_comment: 'true'
    }
  },
  {
    name: 'summary-preview',
    job: 'preview',
    site: {},
    inputs: {
      tags: 'folder-products, home',
      urls: '/about\n/abuot',
      pattern: '^/blog/',
      dry_run: 'true'
    }
  }
]

const GITHUB_TOKEN = 'render-github-token'

/**
 * The fake GitHub API with one open pull request and its files, the pull_request event of a
 * runner, and the comment the run leaves on it.
 */
async function pullRequestOf({ number, files }) {
  const repository = 'octo-org/octo-site'
  const github = await startFakeGitHub({ repos: [repository], token: GITHUB_TOKEN })
  const head = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
  github.addPullRequest({ number, head_sha: head })
  github.setPullFiles(number, files)
  const eventDir = mkdtempSync(join(tmpdir(), 'render-comment-'))
  const eventPath = join(eventDir, 'event.json')
  const repo = { full_name: repository }
  writeFileSync(
    eventPath,
    JSON.stringify({ number, pull_request: { number, head: { sha: head, repo }, base: { repo } } })
  )
  return {
    env: {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA: 'e'.repeat(40),
      GITHUB_REPOSITORY: repository,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '4242',
      GITHUB_WORKFLOW: 'Deploy site',
      GITHUB_JOB: 'purge'
    },
    comment: () => github.comments(number).at(-1)?.body,
    close: async () => {
      await github.close()
      rmSync(eventDir, { recursive: true, force: true })
    }
  }
}

function chromiumPath() {
  const candidates = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  const found = candidates.find(path => path !== undefined && path !== '' && existsSync(path))
  if (found === undefined) {
    throw new Error(
      'Chromium is missing: apt-get install chromium fonts-noto-color-emoji fonts-noto-core (or set CHROMIUM).'
    )
  }
  return found
}

/** The summary (or a comment) as GitHub shows it: GFM to HTML, in a card like GitHub's. */
function page(markdown, header) {
  const body = micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()]
  })
  const css = readFileSync(require.resolve('github-markdown-css/github-markdown-light.css'), 'utf8')
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>${css}</style>
<style>
  body { margin: 0; padding: 16px; background: #f6f8fa; width: ${SUMMARY_WIDTH + 2}px; }
  .card { background: #fff; border: 1px solid #d0d7de; border-radius: 6px; }
  .card > header { padding: 12px 16px; border-bottom: 1px solid #d0d7de; font: 600 14px -apple-system, 'Segoe UI', 'Noto Sans', Helvetica, Arial, sans-serif; color: #1f2328; }
  .markdown-body { padding: 16px 24px 8px; font-family: -apple-system, 'Segoe UI', 'Noto Sans', Helvetica, Arial, sans-serif, 'Noto Color Emoji'; }
  .markdown-body .mermaid { text-align: center; margin-bottom: 16px; }
</style></head>
<body><div class="card"><header>${header}</header><article class="markdown-body">${body}</article></div></body></html>`
}

/* global document, mermaid -- in the page: its DOM, and mermaid from the script tag */

/** Draws every ```mermaid block in the page, as GitHub does. */
async function drawCharts(browserPage) {
  const blocks = await browserPage.locator('pre > code.language-mermaid').count()
  if (blocks === 0) return
  await browserPage.addScriptTag({ path: require.resolve('mermaid/dist/mermaid.min.js') })
  await browserPage.evaluate(async () => {
    for (const code of document.querySelectorAll('pre > code.language-mermaid')) {
      const chart = document.createElement('div')
      chart.className = 'mermaid'
      chart.textContent = code.textContent
      code.parentElement.replaceWith(chart)
    }
    mermaid.initialize({ startOnLoad: false, theme: 'default' })
    await mermaid.run({ querySelector: '.mermaid' })
  })
  const failed = await browserPage.locator('.mermaid .error-icon').count()
  if (failed > 0) throw new Error('mermaid could not draw a chart of the summary')
}

async function main() {
  const { values } = parseArgs({
    options: { only: { type: 'string' }, markdown: { type: 'string' } }
  })
  if (!existsSync(ACTION_ENTRY)) {
    throw new Error(`${ACTION_ENTRY} is missing: run \`npm ci && npm run bundle\` first.`)
  }
  const pictures = PICTURES.filter(
    picture => values.only === undefined || picture.name === values.only
  )
  if (pictures.length === 0) throw new Error(`no picture named ${values.only}`)
  mkdirSync(IMAGES, { recursive: true })
  const browser = await chromium.launch({ executablePath: chromiumPath() })
  try {
    for (const picture of pictures) {
      const emulator = await startDemoEmulator(API_KEY)
      try {
        emulator.configureSite(picture.site)
        picture.before?.(emulator)
        const github = picture.pullRequest && (await pullRequestOf(picture.pullRequest))
        let result
        try {
          result = await runAction({
            inputs: {
              api_key: API_KEY,
              base_url: emulator.url,
              site_url: emulator.siteUrl,
              ...(picture.origin && { origin_url: `${emulator.originUrl}/version.txt` }),
              ...picture.inputs
            },
            ...(github && { env: github.env, expressions: { 'github.token': GITHUB_TOKEN } })
          })
        } finally {
          await github?.close()
        }
        // The picture of a comment is the comment the run wrote, exactly.
        const written = github?.comment()
        if (github && written === undefined) {
          throw new Error(`the run wrote no comment:\n${result.stdout}`)
        }
        // The emulator's ports change each run: the pictures name a site as a reader's would.
        const markdown = (written ?? result.summary)
          .replaceAll(emulator.siteUrl, 'https://www.example.com')
          .replaceAll(emulator.originUrl, 'https://www.example.com')
        if (values.markdown !== undefined) {
          mkdirSync(values.markdown, { recursive: true })
          writeFileSync(join(values.markdown, `${picture.name}.md`), markdown)
        }
        const browserPage = await browser.newPage({
          viewport: { width: SUMMARY_WIDTH + 34, height: 600 },
          deviceScaleFactor: 1.5
        })
        const header = github ? picture.job : `${picture.job} summary`
        await browserPage.setContent(page(markdown, header))
        await drawCharts(browserPage)
        const file = join(IMAGES, `${picture.name}.png`)
        await browserPage.locator('.card').screenshot({ path: file })
        await browserPage.close()
        console.log(`${file}: exit code ${result.exitCode}, ${result.summary.split('\n')[0]}`)
      } finally {
        await emulator.close()
      }
    }
  } finally {
    await browser.close()
  }
}

main().catch(error => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
