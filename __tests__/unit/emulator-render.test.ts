/**
 * The emulator's renders: every page reads like a real one (title, robots meta, a canonical link
 * on the public site, JSON-LD, an h1 and text), and render faults make the renders that start
 * after they are set come out wrong (blank, an app's shell, a soft 404, noindex in the page or in
 * X-Robots-Tag, a canonical on staging, JSON-LD cut short, blank once), limited to some pages and
 * one device, while the entries cached before stay whole: what the action's render judging
 * compares, old against new.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { startEmulator, type Emulator } from '../../emulator/server.mjs'
import { edgeCaseSite, sampleSite } from '../../emulator/site.mjs'

/** One User-Agent per device type the edge tells apart (edge.mjs, deviceFor). */
const AGENTS = {
  desktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  mobile: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1',
  bot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
} as const
type Device = keyof typeof AGENTS

const SHELL =
  '<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>'

interface Answer {
  status: number
  kc: string | null
  robotsHeader: string | null
  body: string
}

async function get(base: string, path: string, device: Device): Promise<Answer> {
  const res = await fetch(`${base}${path}`, { headers: { 'user-agent': AGENTS[device] } })
  return {
    status: res.status,
    kc: res.headers.get('emu-kc-status'),
    robotsHeader: res.headers.get('x-robots-tag'),
    body: await res.text()
  }
}

/** The JSON-LD block's text, as the page holds it. */
const jsonLdOf = (body: string): string | undefined =>
  /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)?.[1]

/** What a whole render of `path` on the site at `siteUrl` has, and no render fault changed. */
function expectWhole(answer: Answer, siteUrl: string, path: string): void {
  expect(answer.status).toBe(200)
  expect(answer.robotsHeader).toBeNull()
  expect(answer.body).toContain(`<title>${path}</title>`)
  expect(answer.body).toContain('<meta name="robots" content="index, follow">')
  expect(answer.body).toContain(`<link rel="canonical" href="${siteUrl}${path}">`)
  expect(JSON.parse(jsonLdOf(answer.body) ?? '')).toEqual({
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: path
  })
  expect(answer.body).toMatch(/<body><h1>[^<]+<\/h1><p>Rendered for \w+<\/p>/)
  expect(answer.body).not.toContain('prerender-status-code')
}

/** What each fault shows in a new render of `path`. */
const SHOWS: Record<string, (answer: Answer, siteUrl: string, path: string) => void> = {
  blank: (answer, _siteUrl, path) => {
    expect(answer.body).toContain(`<title>${path}</title>`)
    expect(answer.body).toMatch(/<\/head><body><\/body><\/html>\n$/)
  },
  shell: (answer, _siteUrl, path) => {
    expect(answer.body).toContain(`<title>${path}</title>`)
    expect(answer.body).toMatch(/<\/head><body>(.*)<\/body><\/html>\n$/)
    expect(/<body>(.*)<\/body>/.exec(answer.body)?.[1]).toBe(SHELL)
  },
  'soft-404': answer => {
    expect(answer.status).toBe(200)
    expect(answer.body).toContain('<title>Page not found</title>')
    expect(answer.body).toContain('<h1>Page not found</h1>')
    expect(answer.body).toContain('<p>Sorry, the page you are looking for does not exist.</p>')
    expect(answer.body).toContain('<meta name="prerender-status-code" content="404">')
  },
  noindex: answer => {
    expect(answer.body).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(answer.body).not.toContain('content="index, follow"')
  },
  'x-robots-tag': (answer, siteUrl, path) => {
    expect(answer.robotsHeader).toBe('googlebot: noindex')
    // The body is the whole page's.
    expectWhole({ ...answer, robotsHeader: null }, siteUrl, path)
  },
  'staging-canonical': (answer, _siteUrl, path) => {
    expect(answer.body).toContain(
      `<link rel="canonical" href="https://staging.example.com${path}">`
    )
    expect(answer.body).not.toContain('127.0.0.1')
  },
  'broken-json-ld': answer => {
    const block = jsonLdOf(answer.body) ?? ''
    expect(block).toBe('{"@context":"https://schema.org","@type":"WebPage","name":')
    expect(() => JSON.parse(block)).toThrow(SyntaxError)
  },
  'blank-once': answer => {
    expect(answer.body).toMatch(/<\/head><body><\/body><\/html>\n$/)
  }
}

let emu: Emulator
beforeAll(async () => {
  // No propagation delay, no render time: a purge reaches the edge at once, a render is ready
  // on the request after the one that started it. Nothing here waits on a clock.
  emu = await startEmulator({ sitePort: 0, originPort: 0, propagationMs: 0, renderMs: 0 })
})
afterAll(async () => {
  await emu.close()
})
beforeEach(() => {
  emu.seed(sampleSite)
  emu.configureSite({ propagationMs: 0, renderMs: 0, pageEncoding: 'identity' })
  emu.reset()
})

/**
 * Purges pages, then asks the edge for each on each device until the new render is cached:
 * the first request starts it (EXTRACTING), the next one is its HIT.
 */
async function purgeAndRender(paths: string[], devices: Device[]): Promise<Map<string, Answer>> {
  emu.purgeUrls(paths)
  const answers = new Map<string, Answer>()
  for (const path of paths) {
    for (const device of devices) {
      expect((await get(emu.siteUrl, path, device)).kc).toBe('EXTRACTING')
      const hit = await get(emu.siteUrl, path, device)
      expect(hit.kc).toBe('HIT')
      answers.set(`${path} ${device}`, hit)
    }
  }
  return answers
}

describe('pages render like real ones', () => {
  it('a title, a robots meta, a canonical on the public site, JSON-LD, an h1 and text', async () => {
    const seeded = await get(emu.siteUrl, '/about', 'desktop')
    expect(seeded.kc).toBe('HIT')
    expectWhole(seeded, emu.siteUrl, '/about')
    // The build marker and the assets are still there, in the head.
    expect(seeded.body).toMatch(/<head>.*<meta name="build" content="build-1">.*<\/head>/)
    expect(seeded.body).toMatch(/<head>.*<script type="module" src="\/assets\/app\.\w+\.js">/)
  })

  it('the origin’s own pages name the public site in their canonical, not the origin', async () => {
    const res = await fetch(`${emu.originUrl}/blog/`)
    const body = await res.text()
    expect(body).toContain(`<link rel="canonical" href="${emu.siteUrl}/blog/">`)
    expect(body).not.toContain(emu.originUrl)
  })

  it('a path with a query keeps it in the canonical, escaped', async () => {
    emu.seed(edgeCaseSite)
    const page = await get(emu.siteUrl, '/search?q=shoes&page=2', 'desktop')
    expect(page.kc).toBe('HIT')
    expect(page.body).toContain(
      `<link rel="canonical" href="${emu.siteUrl}/search?q=shoes&amp;page=2">`
    )
  })
})

describe('render faults, in the HIT after a purge', () => {
  it.each(Object.keys(SHOWS))(
    '%s: the new mobile render of /about shows it; desktop and /contact stay whole',
    async fault => {
      emu.renderFault(fault, { device: 'mobile', pages: ['/about'] })
      const answers = await purgeAndRender(['/about', '/contact'], ['mobile', 'desktop'])
      SHOWS[fault]!(answers.get('/about mobile')!, emu.siteUrl, '/about')
      expectWhole(answers.get('/about desktop')!, emu.siteUrl, '/about')
      expectWhole(answers.get('/contact mobile')!, emu.siteUrl, '/contact')
      expect(emu.renders.map(render => [render.path, render.device, render.faults])).toEqual([
        ['/about', 'mobile', [fault]],
        ['/about', 'desktop', []],
        ['/contact', 'mobile', []],
        ['/contact', 'desktop', []]
      ])
    }
  )

  it('a prefix limits it to the pages under it', async () => {
    emu.renderFault('noindex', { prefix: '/blog/' })
    const answers = await purgeAndRender(
      ['/blog/', '/blog/hello-world.html', '/about'],
      ['desktop']
    )
    SHOWS['noindex']!(answers.get('/blog/ desktop')!, emu.siteUrl, '/blog/')
    SHOWS['noindex']!(
      answers.get('/blog/hello-world.html desktop')!,
      emu.siteUrl,
      '/blog/hello-world.html'
    )
    expectWhole(answers.get('/about desktop')!, emu.siteUrl, '/about')
  })

  it('device bot: only the renders for a crawler’s User-Agent', async () => {
    emu.renderFault('staging-canonical', { device: 'bot' })
    const answers = await purgeAndRender(['/'], ['bot', 'mobile'])
    SHOWS['staging-canonical']!(answers.get('/ bot')!, emu.siteUrl, '/')
    expectWhole(answers.get('/ mobile')!, emu.siteUrl, '/')
  })

  it('EXTRACTING answers the new render as it will be cached', async () => {
    emu.renderFault('soft-404', { pages: ['/about'] })
    emu.purgeUrls(['/about'])
    const extracting = await get(emu.siteUrl, '/about', 'desktop')
    expect(extracting.kc).toBe('EXTRACTING')
    SHOWS['soft-404']!(extracting, emu.siteUrl, '/about')
  })

  it('several faults on one page combine', async () => {
    emu.renderFault('noindex', { pages: ['/about'] })
    emu.renderFault('x-robots-tag', { pages: ['/about'] })
    const answers = await purgeAndRender(['/about'], ['desktop'])
    SHOWS['noindex']!(answers.get('/about desktop')!, emu.siteUrl, '/about')
    expect(answers.get('/about desktop')!.robotsHeader).toBe('googlebot: noindex')
  })
})

describe('old renders stay whole', () => {
  it('entries cached before the fault was set are served as they were, until purged', async () => {
    emu.renderFault('blank')
    const old = await get(emu.siteUrl, '/about', 'mobile')
    expect(old.kc).toBe('HIT')
    expectWhole(old, emu.siteUrl, '/about')
    expect(emu.edge.list().every(entry => entry.faults.length === 0)).toBe(true)
    expect(emu.renders).toEqual([])
    const answers = await purgeAndRender(['/about'], ['mobile'])
    SHOWS['blank']!(answers.get('/about mobile')!, emu.siteUrl, '/about')
    // A page nobody purged keeps its old render.
    expectWhole(await get(emu.siteUrl, '/contact', 'mobile'), emu.siteUrl, '/contact')
  })

  it('clearing the faults leaves the new renders as they came out, until purged again', async () => {
    emu.renderFault('shell', { pages: ['/about'] })
    await purgeAndRender(['/about'], ['desktop'])
    emu.clearRenderFaults()
    SHOWS['shell']!(await get(emu.siteUrl, '/about', 'desktop'), emu.siteUrl, '/about')
    const answers = await purgeAndRender(['/about'], ['desktop'])
    expectWhole(answers.get('/about desktop')!, emu.siteUrl, '/about')
  })

  it('set at start (renderFaults): the seeded entries are the old renders', async () => {
    const started = await startEmulator({
      sitePort: 0,
      propagationMs: 0,
      renderMs: 0,
      pageEncoding: 'identity',
      renderFaults: [{ fault: 'noindex', prefix: '/blog/', device: 'desktop' }]
    })
    try {
      const old = await get(started.siteUrl, '/blog/', 'desktop')
      expect(old.kc).toBe('HIT')
      expectWhole(old, started.siteUrl, '/blog/')
      started.purgeUrls(['/blog/'])
      await get(started.siteUrl, '/blog/', 'desktop')
      const fresh = await get(started.siteUrl, '/blog/', 'desktop')
      expect(fresh.kc).toBe('HIT')
      SHOWS['noindex']!(fresh, started.siteUrl, '/blog/')
      expect(started.state().renderFaults).toEqual([
        expect.objectContaining({ fault: 'noindex', prefix: '/blog/', device: 'desktop' })
      ])
    } finally {
      await started.close()
    }
  })
})

describe('blank-once', () => {
  it('the first render of each page and device is blank, the next one whole', async () => {
    emu.renderFault('blank-once', { pages: ['/about'] })
    const first = await purgeAndRender(['/about'], ['desktop', 'mobile'])
    SHOWS['blank-once']!(first.get('/about desktop')!, emu.siteUrl, '/about')
    SHOWS['blank-once']!(first.get('/about mobile')!, emu.siteUrl, '/about')
    const second = await purgeAndRender(['/about'], ['desktop', 'mobile'])
    expectWhole(second.get('/about desktop')!, emu.siteUrl, '/about')
    expectWhole(second.get('/about mobile')!, emu.siteUrl, '/about')
    expect(emu.state().renderCounts).toEqual({ '/about': { desktop: 2, mobile: 2 } })
    expect(emu.renders.map(render => render.faults)).toEqual([
      ['blank-once'],
      ['blank-once'],
      [],
      []
    ])
  })
})

describe('the control API', () => {
  async function post(route: string, body: unknown) {
    const res = await fetch(`${emu.url}/_emulator${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
    return { status: res.status, json: (await res.json()) as Record<string, unknown> }
  }

  it('POST /_emulator/render/faults sets one, GET lists them, clear and reset undo them', async () => {
    const set = await post('/render/faults', {
      fault: 'broken-json-ld',
      device: 'mobile',
      pages: ['/about']
    })
    expect(set.status).toBe(200)
    expect(set.json['renderFaults']).toEqual([
      expect.objectContaining({
        fault: 'broken-json-ld',
        device: 'mobile',
        prefix: null,
        pages: ['/about']
      })
    ])
    const answers = await purgeAndRender(['/about'], ['mobile'])
    SHOWS['broken-json-ld']!(answers.get('/about mobile')!, emu.siteUrl, '/about')
    const listed = await fetch(`${emu.url}/_emulator/render/faults`)
    expect(((await listed.json()) as Record<string, unknown>)['renderFaults']).toHaveLength(1)
    const renders = await fetch(`${emu.url}/_emulator/renders?limit=1`)
    expect(await renders.json()).toEqual({
      renders: [expect.objectContaining({ path: '/about', faults: ['broken-json-ld'] })]
    })
    expect((await post('/render/faults', { clear: true })).json['renderFaults']).toEqual([])
    emu.renderFault('blank')
    emu.reset()
    expect(emu.state()).toMatchObject({ renderFaults: [], renderCounts: {} })
    expect(emu.renders).toEqual([])
  })

  it.each([
    [{ fault: 'nope' }, 'render fault "nope" is not one of blank, shell, soft-404'],
    [
      { fault: 'blank', device: 'phone' },
      'device "phone" is not one of desktop, mobile, tablet, bot'
    ],
    [{ fault: 'blank', pages: ['/nowhere'] }, 'page "/nowhere" is not a page of the site'],
    [{ fault: 'blank', prefix: '/shop/' }, 'prefix "/shop/" matches no page of the site'],
    [{ fault: 'blank', prefix: 'blog' }, 'prefix "blog" is not a path starting with /'],
    [{ fault: 'blank', devices: 'mobile' }, 'a render fault has no field "devices"'],
    [{ device: 'mobile' }, 'render fault is missing']
  ])('refuses %j with a 400 naming the value', async (body, message) => {
    const refused = await post('/render/faults', body)
    expect(refused.status).toBe(400)
    expect(String((refused.json['error'] as { message: string }).message)).toContain(message)
    expect(emu.state().renderFaults).toEqual([])
  })

  it('the renderFaults option refuses a bad one, naming which', async () => {
    await expect(
      startEmulator({ renderFaults: [{ fault: 'noindex' }, { fault: 'blank', device: 'phone' }] })
    ).rejects.toThrow('renderFaults[1]: device "phone" is not one of desktop, mobile, tablet, bot')
  })
})

describe('the CLI', () => {
  const CLI = fileURLToPath(new URL('../../emulator/cli.mjs', import.meta.url))

  it('--render-fault applies to the renders after start, to its device and pages', async () => {
    const child = spawn(
      process.execPath,
      [
        CLI,
        ...['--port', '0', '--site-port', '0', '--seed-site', '--api-key', 'k'],
        ...['--propagation-ms', '0', '--render-ms', '0', '--page-encoding', 'identity'],
        ...['--render-fault', 'blank,device=mobile,page=/about,page=/contact']
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] }
    )
    try {
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
      const api = /emulator listening on (\S+)/.exec(String((await lines.next()).value))?.[1]
      const site = /site listening on (\S+)/.exec(String((await lines.next()).value))?.[1] ?? ''
      expectWhole(await get(site, '/about', 'mobile'), site, '/about')
      const purge = await fetch(`${api}/api/v1/cache/purge?api_key=k`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: ['/about', '/blog/'] })
      })
      expect(purge.status).toBe(200)
      for (const [path, device] of [
        ['/about', 'mobile'],
        ['/about', 'desktop'],
        ['/blog/', 'mobile']
      ] as const) {
        await get(site, path, device)
      }
      const blank = await get(site, '/about', 'mobile')
      expect(blank.kc).toBe('HIT')
      SHOWS['blank']!(blank, site, '/about')
      expectWhole(await get(site, '/about', 'desktop'), site, '/about')
      expectWhole(await get(site, '/blog/', 'mobile'), site, '/blog/')
    } finally {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
  })

  it.each([
    [
      ['--render-fault', 'nope'],
      '--render-fault nope: render fault "nope" is not one of blank, shell, soft-404, noindex, x-robots-tag, staging-canonical, broken-json-ld, blank-once, new-title'
    ],
    [
      ['--render-fault', 'blank,device=phone'],
      '--render-fault blank,device=phone: device "phone" is not one of desktop, mobile, tablet, bot'
    ],
    [
      ['--seed-site', '--render-fault', 'noindex,page=/nowhere'],
      '--render-fault noindex,page=/nowhere: page "/nowhere" is not a page of the site'
    ],
    [
      ['--render-fault', 'noindex,when=later'],
      '--render-fault noindex,when=later: "when" is not one of device, prefix, page'
    ]
  ])('%j exits 2 naming the flag and the value', async (args, line) => {
    const refused = spawn(process.execPath, [CLI, ...args], {
      stdio: ['ignore', 'ignore', 'pipe']
    })
    let stderr = ''
    refused.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk))
    const [code] = (await once(refused, 'exit')) as [number | null]
    expect(code).toBe(2)
    expect(stderr.split('\n')[0]).toBe(line)
  })
})
