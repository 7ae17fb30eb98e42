/**
 * A part's classes: the blog engine's (drawn from the theme's tokens), then the theme's own for
 * the same part, whose stylesheet comes later and so has the last word.
 */
export function withShared<T extends object>(
  shared: Readonly<Record<string, string>>,
  theme: T,
): T {
  const mine = theme as Readonly<Record<string, unknown>>;
  const parts = new Set([...Object.keys(shared), ...Object.keys(mine)]);
  return Object.fromEntries(
    [...parts].map((part) => {
      const [engine, own] = [shared[part], mine[part]];
      return [part, engine === undefined ? own : own === undefined ? engine : `${engine} ${own}`];
    }),
  ) as T;
}
