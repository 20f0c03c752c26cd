import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorEnvelope } from '../common/filters/all-exceptions.filter';

/** Where the web console answers. */
export const CONSOLE_PATH = '/console';

/** What `npm run build` leaves for the API to serve (console/dist of the repository, beside dist/). */
export const CONSOLE_DIRECTORY = path.resolve(__dirname, '..', '..', 'console', 'dist');

/** Vite puts every bundled file under assets/ with a content hash in its name: it never changes. */
const ASSETS_PREFIX = 'assets/';

/**
 * The page may run scripts and styles of its own origin only and talk to its own API and
 * WebSockets (`'self'` covers ws: and wss: to its own host), to no other host; nothing may frame it.
 * The API key it holds is worth protecting.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'cache-control': 'no-cache',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * The web console under /console: its built files as they are (hashed assets cached for a year,
 * gzip-compressed copies when the browser takes them), and index.html for every other path below
 * /console, so that a deep link or a reload opens the view its URL names. These are plain Fastify
 * routes, not Nest controllers: the OpenAPI document, the authentication hook and the query
 * parameter check do not see them (the page holds no secret; its API calls are authenticated like
 * any other client's). Paths outside /console keep the API's 404 envelope.
 */
export function serveConsole(fastify: FastifyInstance, directory = CONSOLE_DIRECTORY): void {
  const built = existsSync(path.join(directory, 'index.html'));
  void fastify.register(async (instance) => {
    if (built) {
      await instance.register(fastifyStatic, {
        root: directory,
        prefix: `${CONSOLE_PATH}/`,
        wildcard: false,
        index: false,
        preCompressed: true,
        globIgnore: ['**/*.gz'],
        cacheControl: false,
        setHeaders: (reply, file) => {
          const immutable = path.relative(directory, file).split(path.sep).join('/').startsWith(ASSETS_PREFIX);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
          reply.header('x-content-type-options', 'nosniff');
        },
      });
    }
    const page = (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
      const rest = request.params['*'] ?? '';
      if (!built) return notFound(request, reply, 'The web console is not built: run npm run build');
      if (rest.toLowerCase().startsWith(ASSETS_PREFIX)) return notFound(request, reply, `No console asset ${rest}`);
      return reply.headers(PAGE_HEADERS).sendFile('index.html');
    };
    instance.get(CONSOLE_PATH, page);
    instance.get(`${CONSOLE_PATH}/*`, page);
  });
}

function notFound(request: FastifyRequest, reply: FastifyReply, message: string): FastifyReply {
  return reply.code(404).send(errorEnvelope(request.url.split('?')[0], { code: 'NOT_FOUND', message, details: {} }));
}
