/**
 * The console's build at /console/ (CONTRACT §2): files from the Vite build, and index.html for
 * every other path under it (the console routes in the browser). Security headers for a page
 * that holds a session: a strict CSP, no framing, and an opener policy that still lets the
 * debugger's popup post to it.
 *
 * The files are read once at start and sent from memory, brotli or gzip compressed when the client
 * accepts it (docs/OPERATING.md "Compression and caching"): the build writes a `.br` and a `.gz`
 * beside each text file (packages/console/vite.config.ts); a file without them is compressed once,
 * here, at load (a source map on its first request).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromForms, precompress, sendEncoded, type Encoded } from '../app/compression';
import { errorBody } from '../app/errors';

export const CONSOLE_HELMET = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Charts set style attributes; no script can come in through styles.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
  },
  // The debugger opens demo pages that post their traces back to window.opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
/** Types worth compressing (images and fonts are compressed already). */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.map', '.json', '.svg', '.txt']);

interface ConsoleFile {
  type: string;
  /** Vite names assets by their content hash: they never change. Anything else may. */
  immutable: boolean;
  encoded(): Promise<Encoded>;
}

/** A form written by the build, when it is there and no older than the file. */
function form(file: string, suffix: '.br' | '.gz', mtime: number): Buffer | undefined {
  const at = file + suffix;
  return existsSync(at) && statSync(at).mtimeMs >= mtime ? readFileSync(at) : undefined;
}

/** Every file of the build by its path under /console/ (`assets/index-abc.js`), read and compressed once. */
export function loadConsoleFiles(dir: string): Map<string, ConsoleFile> {
  const files = new Map<string, ConsoleFile>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      const ext = path.extname(entry.name).toLowerCase();
      if (!entry.isFile() || ext === '.br' || ext === '.gz') continue;
      const identity = readFileSync(file);
      const mtime = statSync(file).mtimeMs;
      const forms = TEXT.has(ext) ? { br: form(file, '.br', mtime), gzip: form(file, '.gz', mtime) } : {};
      let encoded: Promise<Encoded> | undefined;
      const made = () => {
        if (!TEXT.has(ext)) return Promise.resolve(fromForms(identity, {}));
        if (forms.br && forms.gzip) return Promise.resolve(fromForms(identity, forms));
        // Not compressed by the build: now, once (a source map, rarely asked for, with faster settings).
        return precompress(identity, undefined, ext === '.map' ? 'fast' : 'max');
      };
      if (ext !== '.map') encoded = made();
      const rel = path.relative(dir, file).split(path.sep).join('/');
      files.set(rel, {
        type: TYPES[ext] ?? 'application/octet-stream',
        immutable: rel.startsWith('assets/'),
        encoded: () => (encoded ??= made()),
      });
    }
  };
  walk(dir);
  return files;
}

export async function consoleRoutes(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(helmet, CONSOLE_HELMET);
    const index = path.join(dir, 'index.html');
    if (!existsSync(index)) {
      scope.get('/console*', async (_request, reply) =>
        reply.code(503).type('application/json; charset=utf-8').send(errorBody('CONSOLE_NOT_BUILT', `nothing at ${dir}`)),
      );
      return;
    }
    const files = loadConsoleFiles(dir);
    const page = files.get('index.html')!;
    const send = async (request: FastifyRequest, reply: FastifyReply, file: ConsoleFile) =>
      sendEncoded(request, reply.header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache').type(file.type), await file.encoded());
    scope.get('/console', (_request, reply) => reply.redirect('/console/'));
    scope.get('/console/', (request, reply) => send(request, reply, page));
    // A file of the build, else a console route (the page, which routes in the browser); a missing
    // asset is a 404, not the page.
    scope.get<{ Params: { '*': string } }>('/console/*', async (request, reply) => {
      const rel = request.params['*'];
      const file = files.get(rel);
      if (file) return send(request, reply, file);
      if (rel.startsWith('assets/')) return reply.code(404).send(errorBody('NOT_FOUND'));
      return send(request, reply, page);
    });
  });
}
