/** `?vConsole` on startup loads the debug console from its own chunk. */
export function maybeLoadVConsole(search: string): void {
  if (!new URLSearchParams(search).has('vConsole')) return;
  void import('vconsole').then(({ default: VConsole }) => new VConsole());
}
