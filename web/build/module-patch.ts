/**
 * A build-time patch of one installed module (web/vite.config.ts, web/build/): before any other
 * plugin, when the module whose path matches `target` is loaded, `patch` returns its new text. A
 * patch checks that the module still has the shape it expects and calls `fail` (the build stops
 * with the message) when it does not, rather than silently changing what ships.
 */
import type { Plugin } from 'vite';

export type ModulePatch = (code: string, file: string, fail: (message: string) => never) => string;

export function modulePatch(name: string, target: RegExp, patch: ModulePatch): Plugin {
  return {
    name,
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!target.test(file)) return null;
      return { code: patch(code, file, (message) => this.error(message)), map: null };
    },
  };
}
