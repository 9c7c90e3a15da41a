// Runs before every unit test file. jsdom has no CSS.escape; Cloudscape's Flashbar calls it (on a
// debounce) to move focus to a new banner, which can fire in any component test that shows one.
if (typeof document !== 'undefined') {
  globalThis.CSS ??= { escape: (value: string) => value.replace(/[^\w-]/g, (ch) => `\\${ch}`) } as typeof CSS;
}
