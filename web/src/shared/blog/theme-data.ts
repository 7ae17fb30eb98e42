/**
 * A theme's data (src/sites/<theme>/theme.toml), read when the theme's module loads: a mistake
 * in it stops the build, naming the file and key.
 */
import { sizesAttr } from '../images/responsive-image';

/**
 * The `sizes` attribute of each kind of picture a theme shows, from theme.toml's [sizes]: each
 * an array of rules as the attribute writes them, `(media condition) size`, the last without a
 * condition.
 */
export function themeSizes<K extends string>(
  theme: string,
  data: Readonly<Record<string, unknown>>,
  kinds: readonly K[],
): Record<K, string> {
  const table = (data.sizes ?? {}) as Record<string, unknown>;
  const sizes = {} as Record<K, string>;
  for (const kind of kinds) {
    const at = `src/sites/${theme}/theme.toml: sizes.${kind}`;
    const rules = table[kind];
    if (!Array.isArray(rules) || !rules.every((r) => typeof r === 'string'))
      throw new Error(`${at}: expected an array of rules`);
    try {
      sizes[kind] = sizesAttr(
        rules.map((rule: string) => {
          const media = /^(\(.*\))\s+(\S.*)$/.exec(rule);
          return media ? { media: media[1], size: media[2]! } : { size: rule };
        }),
      );
    } catch (e) {
      throw new Error(`${at}: ${(e as Error).message}`);
    }
  }
  return sizes;
}
