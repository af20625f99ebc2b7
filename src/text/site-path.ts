/**
 * A page's URL as the reports show it: its path and query when it is on the site (the site is
 * named once, in the heading), the whole URL otherwise.
 */
export function pathOnSite(url: string, siteUrl: string): string {
  return url.startsWith(siteUrl) && url.charAt(siteUrl.length) === '/'
    ? url.slice(siteUrl.length)
    : url
}
