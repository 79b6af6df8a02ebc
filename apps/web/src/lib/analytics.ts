/** The single place the behaviour-analytics SDK is wired into; event type 12 (app opened). */
export function trackAppOpen(appKey: string): void {
  void appKey;
}
