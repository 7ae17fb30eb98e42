/**
 * The writer's preview (`make preview`, scripts/preview.mjs): the prerender runs with
 * WAVESITES_PREVIEW set to the build's number (in the preview's worker, which imports this
 * bundle once and runs `prerender()` for each build). Drafts and articles still to come are then pages
 * (each with its band), nothing is precompressed, and every page carries the live-reload script:
 * it polls /preview.json, reloads the tab when the build number changes and shows a content
 * error over the page while there is one. A published build writes none of this.
 */
import { writeOut } from './files';

/** The preview build's number, or undefined in a published build (read per build: the preview's worker runs many). */
export function previewBuild(): string | undefined {
  return process.env.WAVESITES_PREVIEW || undefined;
}

/** Where the page learns of a new build or an error (the preview script rewrites it on error). */
export const PREVIEW_STATE = 'preview.json';
const LIVE_SCRIPT = 'preview-live.js';

/**
 * `html` with the live-reload script, in the preview; as it is otherwise. The page carries no
 * build number (a page that came out the same is not written again): the script takes the
 * number it first reads as the page's.
 */
export function withLiveReload(html: string): string {
  if (previewBuild() === undefined) return html;
  return html.replace('</head>', `<script type="module" src="/${LIVE_SCRIPT}"></script></head>`);
}

/** The live-reload script and the build's state, before the static files are listed. */
export async function writePreviewFiles(): Promise<void> {
  await writeOut(LIVE_SCRIPT, `(${live.toString()})();\n`);
  await writeOut(PREVIEW_STATE, `${JSON.stringify({ build: previewBuild(), error: null })}\n`);
}

/** Runs in the page (serialised with toString: it uses nothing outside itself). */
function live(): void {
  let build: string | null = null;
  let box: HTMLElement | null = null;
  const show = (error: string | null) => {
    if (error === null) {
      box?.remove();
      box = null;
      return;
    }
    if (box === null) {
      box = document.createElement('pre');
      box.setAttribute('role', 'alert');
      Object.assign(box.style, {
        position: 'fixed',
        inset: 'auto 12px 12px 12px',
        zIndex: '2147483647',
        maxHeight: '60vh',
        overflow: 'auto',
        margin: '0',
        padding: '16px 18px',
        border: '2px solid #b3261e',
        borderRadius: '8px',
        background: '#fff1f0',
        color: '#410e0b',
        font: '14px/1.5 ui-monospace, monospace',
        whiteSpace: 'pre-wrap',
      });
      document.body.append(box);
    }
    box.textContent = `The preview could not rebuild; it shows the last good build.\n\n${error}`;
  };
  const poll = async () => {
    try {
      const response = await fetch('/preview.json', { cache: 'no-store' });
      if (response.ok) {
        const state = (await response.json()) as { build: string; error: string | null };
        show(state.error);
        build ??= state.build;
        if (state.error === null && state.build !== build) {
          location.reload();
          return;
        }
      }
    } catch {
      // the preview is restarting: try again
    }
    setTimeout(() => void poll(), 100);
  };
  void poll();
}
