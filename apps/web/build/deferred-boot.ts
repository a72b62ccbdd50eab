import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The console's code, which src/loader.ts imports once the loading screen has been painted. */
export const BOOT_MODULE = 'src/main.tsx';

/** The chunk group of BOOT_MODULE's graph (build/chunking.ts); its chunk has no facade module. */
export const BOOT_GROUP = 'boot';

/**
 * Preloads, from index.html, the chunk of BOOT_MODULE and every chunk it imports statically: the
 * loader imports it only after the first paint, but its download must start with the page's.
 */
export function deferredBootPlugin(): Plugin {
  return {
    name: 'wharf-deferred-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const boot = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(BOOT_MODULE)));
        if (!boot) {
          this.warn(`deferred boot: no chunk for ${BOOT_MODULE}`);
          return [];
        }
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) add(imported);
        };
        add(boot.fileName);
        // The entry loads by its own script tag, and Vite preloads what it imports statically.
        for (const file of entry ? [entry.fileName, ...entry.imports] : []) files.delete(file);
        return [...files].map((file): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
