let installed = false;

/** jsdom lacks the layout APIs antd measures with; these stand-ins report nothing. */
export function installDomPolyfills(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  if (!installed) {
    installed = true;
    // jsdom throws on pseudo-element styles, which antd reads to measure scroll bars.
    const computed = window.getComputedStyle.bind(window);
    window.getComputedStyle = (element: Element) => computed(element);
  }
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
