/** docs/product.md: an upload list item's statuses (no status yet: chosen, waiting for submit). */
export type UploadStatus = 'uploading' | 'done' | 'error' | 'removed';

/** docs/product.md, Figures: the list item appears 300 ms after the choice; its thumbnail is 200 px. */
export const ITEM_DELAY_MS = 300;
export const THUMB_SIZE = 200;

/** The chosen file and how its upload goes. */
export interface UploadItem {
  /** Tells a new choice from the old one, for the timers and answers of the old one. */
  readonly uid: number;
  readonly file: File;
  readonly status?: UploadStatus;
  readonly percent: number;
  readonly shown: boolean;
  /** The error tooltip's text. */
  readonly error?: string;
}
