/**
 * The preview's prerender (scripts/preview.mjs): imports the SSR bundle once and builds the
 * pages each time it is told a build number. Kept warm between saves, a content change costs a
 * render, not a Node start and a cold bundle; a new bundle gets a new worker.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { prerender } = await import(workerData.bundle);
parentPort.on('message', async (build) => {
  process.env.WAVESITES_PREVIEW = build;
  try {
    await prerender();
    parentPort.postMessage({ error: null });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
