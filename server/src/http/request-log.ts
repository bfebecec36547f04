import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type { Logger } from '../logger.js';

declare module 'http' {
  interface IncomingMessage {
    /** The request's id: the caller's X-Request-Id when it is a plain token, or a new UUID. */
    id: string;
    /** A logger that names the request; made when a route first asks for it. */
    log: Logger;
  }
}

const requestIdPattern = /^[\w.-]{1,64}$/;

/**
 * One short line a request, as pino-http wrote it ({ req, res, responseTime }, "request completed"),
 * without its per-request work: pino-http made a child logger for every request, serialising and
 * redacting the request up front, even when the level drops the line. Headers stay out of the line:
 * they would put cookies and tokens in the log.
 */
export function useRequestLog(app: Express, log: Logger): void {
  // Paths only: query strings carry search words and, for the extension's lookup, the address of
  // the page a user is on.
  const described = (req: { id: string; method?: string; originalUrl?: string; url?: string }) => ({
    id: req.id,
    method: req.method,
    url: String(req.originalUrl ?? req.url).replace(/\?.*$/s, '?…'),
  });
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Parameters<typeof described>[0]) {
      return log.child({ req: described(this) });
    },
  });

  app.use((req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (req.url !== '/api/health' && log.isLevelEnabled('info')) {
      const start = Date.now();
      const done = () => {
        res.off('finish', done);
        res.off('close', done);
        const line = { req: described(req), res: { statusCode: res.statusCode }, responseTime: Date.now() - start };
        const ended = !req.readableAborted && res.writableEnded;
        log.info(line, res.statusCode >= 500 ? 'request errored' : ended ? 'request completed' : 'request aborted');
      };
      res.on('finish', done);
      res.on('close', done);
    }
    next();
  });
}
