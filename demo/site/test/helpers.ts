import { Window } from 'happy-dom';
import { renderPage } from '../src/render';
import type { DemoPage } from '../src/types';

export const NONCE = 'dGVzdC1ub25jZS0xMjM0NQ==';

const domWindow = new Window();

/** A parsed document (scripts are not run). */
export function parse(markup: string): Document {
  return new domWindow.DOMParser().parseFromString(markup, 'text/html') as unknown as Document;
}

export function render(page: DemoPage, containerSrc: string | null = null): Document {
  return parse(renderPage(page, { containerSrc, nonce: NONCE, port: 8080 }));
}

/** The `window.digitalData` object of a rendered document. */
export function dataLayerOf(doc: Document): unknown {
  for (const script of Array.from(doc.querySelectorAll('script:not([src])'))) {
    const match = /^window\.digitalData = (.*);$/s.exec(script.textContent ?? '');
    if (match?.[1]) return JSON.parse(match[1]);
  }
  return undefined;
}
