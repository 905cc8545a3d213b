import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, when it has been answered: method, route pattern, status, time and the
 * signed-in user (the request id comes with every line of the request). API calls log at info; the
 * web app's files (index.html, scripts, images) at debug, so the log tells what users did rather
 * than which assets their browsers fetched. Replaces fastify's two lines per request (incoming and
 * completed); its other lines (errors, 5xx) stay as they are.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    const entry = {
      method: request.method,
      // The pattern (/api/users/:id), so lines group by route; the path when no route matched.
      route: request.routeOptions.url ?? path,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      // Decorated by the auth plugin; absent on calls nobody signed.
      userId: (request as { user?: { id: string } | null }).user?.id,
      ...(error ? { err: error } : {}),
    };
    const message = `${entry.method} ${entry.route} ${entry.status} ${entry.ms}ms`;
    if (error) request.log.error(entry, message);
    else if (isApi) request.log.info(entry, message);
    else request.log.debug(entry, message);
  }
}
