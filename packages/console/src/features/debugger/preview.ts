import type { Property } from '@tagwell/schema';
import type { DemoPage, EnvironmentName } from '../../lib/types';
import { debugUrl, hostname } from './target';

/** The server's answer to `POST /api/admin/properties/:name/previews` (docs/ADMIN-API.md). */
export interface PreviewStart {
  property: string;
  environment: EnvironmentName;
  version: number;
  buildId: string;
  expiresAt: string;
  /** On the container's host: sets the preview cookie, then goes to `next`. */
  startPath: string;
  /** On the container's host: clears it, then goes to `next`. */
  endPath: string;
}

/** A preview this browser holds, as the console remembers it (the cookie itself is HttpOnly on the container's host). */
export interface ActivePreview extends PreviewStart {
  /** The page it opened, on the container's host. */
  pageUrl: string;
}

export const PREVIEW_KEY = 'tagwell.preview';

/** The remembered preview while it lasts; an expired or unreadable one is none. */
export function readPreview(now = Date.now()): ActivePreview | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(PREVIEW_KEY) ?? 'null') as ActivePreview | null;
    return saved && typeof saved.expiresAt === 'string' && Date.parse(saved.expiresAt) > now && typeof saved.pageUrl === 'string' ? saved : undefined;
  } catch {
    return undefined;
  }
}

export function savePreview(preview: ActivePreview | undefined): void {
  try {
    if (preview) localStorage.setItem(PREVIEW_KEY, JSON.stringify(preview));
    else localStorage.removeItem(PREVIEW_KEY);
  } catch {
    // Blocked storage: the sign lasts as long as the page.
  }
}

/**
 * The page a preview of `environment` opens: the address chosen in the debugger when its host runs
 * that environment, else the first demo page that does, else the root of the environment's first
 * configured host (over HTTPS). The demo serves containers on the page's own host (CONTRACT §3).
 */
export function previewPage(environment: EnvironmentName, chosen: string | undefined, pages: readonly DemoPage[] = [], document?: Property): string | undefined {
  const hosts = document ? document.environments[environment].hosts.map(hostname) : [];
  const runs = (url: string) => {
    try {
      const host = hostname(new URL(url).hostname);
      return hosts.includes(host) || pages.some((p) => hostname(p.host) === host && p.environment === environment);
    } catch {
      return false;
    }
  };
  if (chosen && runs(chosen)) return chosen;
  return pages.find((p) => p.environment === environment)?.url ?? (hosts[0] ? `https://${hosts[0]}/` : undefined);
}

/** The start address on the page's host: the cookie is set there, then the page opens (with the debug mark on development and staging). */
export function startUrl(preview: PreviewStart, pageUrl: string, consoleOrigin: string): string {
  const page = new URL(preview.environment === 'production' ? pageUrl : debugUrl(pageUrl, consoleOrigin));
  return `${page.origin}${preview.startPath}&next=${encodeURIComponent(page.pathname + page.search + page.hash)}`;
}

/** The end address on the same host, back to the page as a visitor sees it. */
export function endUrl(preview: ActivePreview): string {
  const page = new URL(preview.pageUrl);
  return `${page.origin}${preview.endPath}?next=${encodeURIComponent(page.pathname + page.search + page.hash)}`;
}
