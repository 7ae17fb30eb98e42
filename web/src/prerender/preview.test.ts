import { afterEach, describe, expect, it } from 'vitest';
import { previewBuild, withLiveReload } from './preview';

const PAGE = '<!doctype html><html><head><title>A page</title></head><body></body></html>';

describe('the live-reload script', () => {
  afterEach(() => {
    delete process.env.WAVESITES_PREVIEW;
  });

  it('is in no page of a published build', () => {
    expect(previewBuild()).toBeUndefined();
    expect(withLiveReload(PAGE)).toBe(PAGE);
  });

  it("is in every page of the preview's, at the end of its head", () => {
    process.env.WAVESITES_PREVIEW = '7';
    expect(previewBuild()).toBe('7');
    expect(withLiveReload(PAGE)).toBe(
      PAGE.replace('</head>', '<script type="module" src="/preview-live.js"></script></head>'),
    );
  });
});
