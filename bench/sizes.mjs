/**
 * The sizes the verification section runs at. `npm run bench` and the scheduled workflow run
 * the full sizes; `--gate` (what `.ci/run`'s bench step runs on each commit) runs smaller ones
 * that hold each row to the same target, in about a third of the time. Only rows whose time is
 * the size's are smaller at the gate: a row set at one size (a 1,000,000-URL sitemap against
 * its reference, 1,000 pages verified within 1.5x the ideal) runs at that size in both.
 *
 * - verify at scale (bench/verify-scale.mjs): the loops and the bare client's passes (at the
 *   rate and without) grow with the pages; the ratios do not, so 20,000 pages (6,060 checks,
 *   6 s at rate 1000) hold the same 1.8 and 3.
 * - tags traced at the edge (bench/verify-tags.mjs): the reading stops at verify_limit pages of
 *   the tag, whatever the site's size, so it reads about verify_limit / share of the pages: at
 *   rate 400 instead of 100 the same share (0.2, target 0.25) in a quarter of the time.
 * - 2,000-character URLs (bench/long-urls.mjs): peak RSS, which stays flat as the sitemap grows
 *   (the point of the streaming reader) but for the shard's kept pages: 200,000 URLs in 10 files
 *   of the same 43 MB, under the same bounds.
 */
export const GATE = process.argv.includes('--gate')

export const SIZES = GATE
  ? { scalePages: 20_000, tagsRate: 400, longUrls: 200_000, longUrlFiles: 10 }
  : { scalePages: 100_000, tagsRate: 100, longUrls: 1_000_000, longUrlFiles: 49 }
