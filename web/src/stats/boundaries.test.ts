// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('./', import.meta.url);

describe('the stats dashboard', () => {
  it('imports no site and no shared site code: React, uPlot and its own files only', () => {
    const sources = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    expect(sources).toContain('entry-client.tsx');
    for (const file of sources) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const found = [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\s+'([^']+)'/g)];
      for (const m of found) {
        const from = m[1] ?? m[2]!;
        expect(
          /^\.\/[\w-]+(\.module\.css)?$/.test(from) ||
            /^(react|react-dom\/client|uplot|uplot\/dist\/uPlot\.min\.css)$/.test(from),
          `${file} imports ${from}`,
        ).toBe(true);
      }
    }
  });
});
