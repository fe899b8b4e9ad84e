import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyBaseLogger, RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, Container } from './core/deps';
import { registerCompression } from './http/compression';
import { errorHandler, sendError } from './http/error-handler';
import { legacyHostRedirect } from './http/legacy-host';
import { registerRateLimits } from './http/rate-limit';
import { genReqId } from './http/request-id';
import { publicBaseUrlOf } from './config/simulators';
import { helmetOptions } from './http/security-headers';
import { isApiPath, registerWebApp } from './http/web-app';
import { useChineseValidationMessages } from './http/zod-locale';
import { adminRoutes } from './modules/admin/admin.routes';
import { adminGuards } from './modules/admin/permissions';
import { assistantRoutes } from './modules/assistant/assistant.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogAdminRoutes, catalogRoutes } from './modules/catalog/catalog.routes';
import { faceRoutes } from './modules/face/face.routes';
import { healthRoutes } from './modules/health/health.routes';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { taskEventsRoutes } from './modules/tasks/task-events.routes';
import { sharesRoutes } from './modules/shares/shares.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { usersRoutes } from './modules/users/users.routes';
import { wechatRoutes } from './modules/wechat/wechat.routes';
import { worksRoutes } from './modules/works/works.routes';
import { clientAdminRoutes, clientRoutes } from './modules/client/client.routes';
import { promptsRoutes } from './modules/prompts/prompts.routes';

const createFastify = (container: Container): App =>
  Fastify({
    // Typed as Fastify's base logger so the instance type stays the plain, pluggable one.
    loggerInstance: container.logger as FastifyBaseLogger,
    genReqId,
    // genReqId decides about the incoming x-request-id header itself (it must look safe).
    requestIdHeader: false,
    bodyLimit: container.env.BODY_LIMIT_BYTES,
    trustProxy: container.env.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

export type { App } from './core/deps';

/**
 * Plugins → modules → web app and not-found. Does not listen and does not call ready(), so tests
 * may add routes before the first inject. The error handler is set first so that every plugin
 * context registered afterwards inherits it.
 */
export const buildApp = async (
  container: Container,
  options: { onRoute?: (route: RouteOptions) => void } = {},
): Promise<App> => {
  useChineseValidationMessages();
  const app = createFastify(container);
  // First, so it sees every route (tests walk the route table with it).
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  // Before everything else: a legacy-host visit is answered with the redirect alone.
  const redirect = legacyHostRedirect(container.env);
  if (redirect) app.addHook('onRequest', redirect);
  // On shutdown, responses still in flight ask the client to drop the connection; otherwise a
  // keep-alive socket would hold close() open until its idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Not on hashed web assets: static files nobody traces by request id, ~50 per first load.
    if (!request.url.startsWith('/assets/')) reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  await app.register(helmet, helmetOptions);
  await registerRateLimits(app, container.rateLimits);
  await registerCompression(app);

  await app.register(healthRoutes, {
    prefix: '/api',
    health: container.health,
    guards: container.guards,
  });
  await app.register(authRoutes, {
    prefix: '/api',
    sms: container.sms,
    login: container.login,
    sessions: container.sessions,
    captcha: container.captcha,
    testLogin: container.env.testLogin,
  });
  await app.register(usersRoutes, {
    prefix: '/api/user',
    users: container.users,
    sms: container.sms,
    avatars: container.avatars,
    guards: container.guards,
  });
  await app.register(catalogRoutes, { prefix: '/api/ai', catalog: container.catalog });
  await app.register(catalogAdminRoutes, {
    prefix: '/api/user/manage/catalog',
    catalog: container.catalog,
    guards: adminGuards(container.guards, 'catalog.write'),
  });
  await app.register(faceRoutes, {
    prefix: '/api/user/face',
    face: container.face,
    guards: container.guards,
    simulator: container.env.simulators.enabled,
  });
  await app.register(adminRoutes, {
    prefix: '/api/user/manage',
    admin: container.admin,
    guards: container.guards,
  });
  await app.register(wechatRoutes, {
    prefix: '/api/wx',
    wechat: container.wechat,
    provider: container.env.wechat.provider,
    publicBaseUrl: publicBaseUrlOf(container.env),
    pushToken: container.env.wechat.provider === 'mp' ? container.env.wechat.token : undefined,
  });
  await app.register(ticketsRoutes, {
    prefix: '/api/ai',
    tickets: container.tickets,
    guards: container.guards,
  });

  await app.register(tasksRoutes, {
    prefix: '/api/ai',
    tasks: container.tasks,
    clickMask: container.clickMask,
    guards: container.guards,
  });
  await app.register(taskEventsRoutes, {
    prefix: '/api/ai',
    hub: container.taskStreams,
    guards: container.guards,
  });
  await app.register(sharesRoutes, {
    prefix: '/api/ai',
    shares: container.shares,
    guards: container.guards,
  });
  await app.register(uploadsRoutes, {
    prefix: '/api',
    files: container.files,
    guards: container.guards,
    maxBytes: container.env.UPLOAD_MAX_BYTES,
  });

  await app.register(worksRoutes, {
    prefix: '/api/works',
    works: container.works,
    guards: container.guards,
  });
  await app.register(clientRoutes, { prefix: '/api/client', client: container.client });
  await app.register(promptsRoutes, {
    prefix: '/api/prompts',
    prompts: container.prompts,
    guards: container.guards,
  });
  await app.register(clientAdminRoutes, {
    prefix: '/api/user/manage/client',
    client: container.client,
    guards: adminGuards(container.guards, 'client.write'),
  });

  await app.register(assistantRoutes, {
    prefix: '/api/ai',
    assistant: container.assistant,
    edits: container.imageEdits,
    guards: container.guards,
    keepAliveMs: container.env.ASSISTANT_KEEPALIVE_MS,
  });

  for (const feature of container.features) await feature.routes?.(app);

  const webFallback = await registerWebApp(app, container.env.WEB_DIST, {
    availability: () => container.tasks.toolsAvailability(),
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (!isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      return webFallback(request, reply);
    }
    return sendError(request, reply, 'NOT_FOUND');
  });

  return app;
};
