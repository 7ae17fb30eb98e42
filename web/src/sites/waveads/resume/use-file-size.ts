import { useCallback } from 'react';

/** A file size in the page's language: kilobytes up to a megabyte, one decimal at most. */
export function useFileSize(lang: string) {
  return useCallback(
    (bytes: number) => {
      const mb = bytes >= 1024 * 1024;
      return new Intl.NumberFormat(lang, {
        style: 'unit',
        unit: mb ? 'megabyte' : 'kilobyte',
        maximumFractionDigits: 1,
      }).format(mb ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1));
    },
    [lang],
  );
}
