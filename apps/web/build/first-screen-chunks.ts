import type { Plugin } from 'vite';

interface CodeSplittingGroup {
  name: string;
  test: (id: string) => boolean;
  includeDependenciesRecursively: boolean;
}

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
   * Modules whose imports are not followed: barrels that re-export far more than a first screen
   * uses (the contract's index brings every zod schema). What a screen does use of them is placed
   * by the automatic splitting, which knows what tree-shaking kept.
   */
  barrels: RegExp;
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
export function firstScreenChunks({ screens, otherPages, barrels }: FirstScreenChunksOptions): {
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
          if (seen.has(id) || barrels.test(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
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
