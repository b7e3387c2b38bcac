/**
 * A live preview of an in-app message as a visitor's phone shows it (issue 16 item 2): the dialog of
 * the runtime's personalisation/messages/dialog.ts drawn at 360 px, with SPEC §9's container defaults
 * for the settings left out, updated as the form is typed in. The markup is shown in a sandboxed
 * frame: no script of it runs, and its links go nowhere from the console.
 */
import { IN_APP_MESSAGE_DEFAULTS } from '@tagwell/schema';

export interface PreviewDisplay {
  width?: number;
  height?: number;
  backdropColor?: string;
  backdropOpacity?: number;
}

/** The colour as given when it is one (the schema's forms), else the default. */
const colour = (value: string | undefined) => (value && /^(#[0-9a-f]{3}|#[0-9a-f]{6}|rgba?\([\d\s.,]+\))$/i.test(value) ? value : IN_APP_MESSAGE_DEFAULTS.backdropColor);
const within = (value: number | undefined, min: number, max: number, fallback: number) => (typeof value === 'number' && value >= min && value <= max ? value : fallback);

/** The document the frame shows: a stand-in page, the backdrop, and the dialog with its close button. */
export function previewDocument(html: string, display: PreviewDisplay): string {
  const width = within(display.width, 50, 100, IN_APP_MESSAGE_DEFAULTS.width);
  const height = within(display.height, 30, 100, IN_APP_MESSAGE_DEFAULTS.height);
  const opacity = within(display.backdropOpacity, 0, 1, IN_APP_MESSAGE_DEFAULTS.backdropOpacity);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview</title><style>
html,body{margin:0;height:100%;font:16px/1.5 Arial,sans-serif}
.page{padding:1rem;color:#4c6272}
.backdrop{position:fixed;inset:0;background:${colour(display.backdropColor)};opacity:${opacity}}
.container{position:fixed;inset:0;margin:auto;width:${width}%;height:${height}vh;min-width:min(100vw,20rem);max-width:100vw;max-height:100vh;display:flex;align-items:center;justify-content:center}
.panel{position:relative;box-sizing:border-box;width:100%;max-width:40rem;max-height:100%;overflow:auto;overflow-wrap:anywhere;padding:1rem 1.5rem 1.5rem;background:#fff;color:#212b32;border-radius:4px}
.panel img{max-width:100%}
.close{display:block;margin-left:auto;min-width:44px;min-height:44px;padding:0 .75rem;font:inherit;color:#005eb8;background:#fff;border:2px solid #005eb8;border-radius:4px}
</style></head><body><div class="page">The page behind the message.</div><div class="backdrop"></div><div class="container" role="dialog" aria-label="In-app message"><div class="panel"><button class="close" type="button">Close</button><div>${html}</div></div></div></body></html>`;
}

export function MessagePreview({ html, display }: { html: string; display: PreviewDisplay }) {
  return (
    <figure className="message-preview">
      <figcaption>Preview on a 360 px phone screen (links and buttons do nothing here)</figcaption>
      <iframe title="Preview of the in-app message" sandbox="" srcDoc={previewDocument(html, display)} width={360} height={560} />
    </figure>
  );
}
