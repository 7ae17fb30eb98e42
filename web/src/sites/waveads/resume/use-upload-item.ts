import { useCallback, useRef, useState } from 'react';
import { ITEM_DELAY_MS, type UploadItem } from './upload-item';

/**
 * The chosen file's list item and the file input it came from. One file at most: a new choice
 * replaces the old one. The item shows ITEM_DELAY_MS after the choice and leaves ITEM_DELAY_MS
 * after its removal; a timer only touches the item it was set for.
 */
export function useUploadItem() {
  const inputRef = useRef<HTMLInputElement>(null);
  const timers = useRef<number[]>([]);
  const nextUid = useRef(1);
  const [item, setItem] = useState<UploadItem | null>(null);

  const later = (fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  };

  /** Changes item `uid`, if it is still the chosen one. */
  const patch = useCallback((uid: number, change: Partial<UploadItem>) => {
    setItem((i) => (i?.uid === uid ? { ...i, ...change } : i));
  }, []);

  /** Forgets the item, its timers and the input's file. */
  const reset = useCallback(() => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
    setItem(null);
    if (inputRef.current !== null) inputRef.current.value = '';
  }, []);

  /** Makes `file` the chosen one; returns its item's uid. */
  const choose = (file: File): number => {
    const fresh: UploadItem = { uid: nextUid.current++, file, percent: 0, shown: false };
    setItem(fresh);
    later(() => patch(fresh.uid, { shown: true }), ITEM_DELAY_MS);
    return fresh.uid;
  };

  const remove = () => {
    if (item === null) return;
    const gone = item.uid;
    setItem({ ...item, status: 'removed' });
    later(() => setItem((i) => (i?.uid === gone ? null : i)), ITEM_DELAY_MS);
    if (inputRef.current !== null) inputRef.current.value = '';
  };

  return { inputRef, item, patch, reset, choose, remove };
}
