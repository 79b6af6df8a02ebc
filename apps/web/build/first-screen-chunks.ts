import type { Plugin } from 'vite';

interface CodeSplittingGroup {
  name: string;
  test: (id: string) => boolean;
  includeDependenciesRecursively: boolean;
}

/** Beside Vite's manifest: the file that holds each screen root (`{ "src/app/routes/home.tsx": "assets/index-….js" }`). */
export const GROUPED_MODULES_FILE = '.vite/grouped-modules.json';

export interface FirstScreen {
  /** The chunk's name. */
  name: string;
  /** Its modules, relative to the web app's root: an HTML entry or lazy route modules. */
  roots: string[];
}

export interface FirstScreenChunksOptions {
  /** In order: each screen leaves out what an earlier one holds. */
  screens: FirstScreen[];
  /** Other HTML entries (`login.html`): what they share with the screens stays out of them. */
  otherPages: string[];
  /**
   * Libraries a first screen does not evaluate (zod: its responses are checked by hand-written
   * parsers), left out with every module that imports one (the contract's schema modules, which
   * its barrel re-exports); whatever of them a screen does use is placed by the automatic
   * splitting, which knows what tree-shaking kept.
   */
  leaveOut: RegExp;
}

/**
 * Each first screen (the entry with the app layout and the catalogue; a chat module's welcome
 * screen) as one chunk of the modules its roots import statically, instead of the dozens of
 * chunks the automatic splitting makes (one per set of lazy routes that share a module). Phones
 * reach the portal over HTTP/1.1 often enough: six connections per host, so thirty requests queue
 * for five or six round trips before the screen can render. What the other pages share with a
 * screen (a few KB that `/login` needs) stays out, so `/login` does not download the app.
 *
 * Returns the plugin that reads the module graph once the build has loaded it, and the
 * `output.codeSplitting.groups` that use what it read (rolldown calls their tests afterwards).
 */
export function firstScreenChunks({ screens, otherPages, leaveOut }: FirstScreenChunksOptions): {
  plugin: Plugin;
  groups: CodeSplittingGroup[];
} {
  const members = new Map(screens.map((screen) => [screen.name, new Set<string>()]));
  const plugin: Plugin = {
    name: 'portal-first-screen-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const endingWith = (suffix: string) => ids.filter((id) => id.replace(/\\/g, '/').endsWith(`/${suffix}`));
      /** Every module the roots import statically, transitively (lazy imports are other chunks). */
      const staticClosure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          const imported = this.getModuleInfo(id)?.importedIds ?? [];
          if (seen.has(id) || leaveOut.test(id) || imported.some((i) => leaveOut.test(i))) continue;
          seen.add(id);
          stack.push(...imported);
        }
        return seen;
      };
      const taken = staticClosure(otherPages.flatMap(endingWith));
      for (const screen of screens) {
        const roots = screen.roots.flatMap((wanted) => {
          const found = endingWith(wanted);
          if (found.length === 0) throw new Error(`first-screen chunks: no module ${wanted}`);
          return found;
        });
        const set = members.get(screen.name)!;
        set.clear();
        for (const id of staticClosure(roots)) if (!taken.has(id)) set.add(id);
        for (const id of set) taken.add(id);
      }
    },
    generateBundle(_options, bundle) {
      // Grouped modules have no entry of their own in Vite's manifest: this tells which file holds
      // each screen's roots (read by the byte budgets, `e2e/bundle-bytes.ts`).
      const holders: Record<string, string> = {};
      for (const root of screens.flatMap((screen) => screen.roots)) {
        const holder = Object.values(bundle).find(
          (item) => item.type === 'chunk' && item.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(`/${root}`)),
        );
        if (holder) holders[root] = holder.fileName;
      }
      this.emitFile({ type: 'asset', fileName: GROUPED_MODULES_FILE, source: `${JSON.stringify(holders, null, 2)}\n` });
    },
  };
  return {
    plugin,
    // Not the dependencies the other pages share: those stay in the automatic chunks, which
    // import nothing from these (they are a closed set of static imports).
    groups: screens.map(({ name }) => ({
      name,
      test: (id: string) => members.get(name)!.has(id),
      includeDependenciesRecursively: false,
    })),
  };
}
