/** Collects listeners so teardown removes exactly what was added. */
export class ListenerGroup {
  private removers: Array<() => void> = [];

  on<K extends keyof WindowEventMap>(
    target: Window,
    type: K,
    handler: (event: WindowEventMap[K]) => void,
    options?: AddEventListenerOptions,
  ): void {
    target.addEventListener(type, handler, options);
    this.removers.push(() => target.removeEventListener(type, handler, options));
  }

  add(remove: () => void): void {
    this.removers.push(remove);
  }

  clear(): void {
    for (const remove of this.removers.splice(0)) remove();
  }
}
