/**
 * Hosts on this machine: the only ones plain http:// may reach (the local emulator, tests);
 * every other address the action sends a request to must be https://.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether a URL's hostname (as WHATWG URL gives it) is this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(hostname)
}
