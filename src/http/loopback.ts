/**
 * Hosts on this machine: the only ones plain http:// may reach (the local emulator, tests);
 * every other address the action sends a request to must be https://. And the wider set of
 * names that reach this machine, which a file or a redirect from the internet must not send
 * the runner to.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether a URL's hostname (as WHATWG URL gives it) is this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(hostname)
}

/**
 * Whether a host is the runner itself: the loopback names and addresses, and the other ways
 * to write them that reach it too: 0.0.0.0 and [::] ("any address" connects to this
 * machine), IPv4-mapped [::ffff:127.x.y.z] and [::ffff:0.x.y.z], `localhost.` and
 * `*.localhost` (RFC 6761). A public name that DNS answers with 127.0.0.1 is not caught
 * here: that needs the address the name resolves to, which the HTTP agent (or a proxy) finds.
 */
export function reachesThisMachine(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  return (
    isLoopbackHost(host) ||
    host.endsWith('.localhost') ||
    /^0\.\d+\.\d+\.\d+$/.test(host) ||
    host === '[::]' ||
    /^\[::ffff:(?:7f[0-9a-f]{2}|[0-9a-f]{1,2}):[0-9a-f]{1,4}\]$/.test(host)
  )
}
