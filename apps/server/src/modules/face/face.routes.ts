import {
  envelopeSchema,
  faceResultQuerySchema,
  faceResultSchema,
  faceStartResultSchema,
  ok,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { FaceService } from './face.service';

const html = (body: string) => `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>人脸核验（模拟器）</title>
<style>body{font-family:system-ui,"PingFang SC",sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem}
button{width:100%;padding:.7rem;margin:.4rem 0;border:0;border-radius:6px;font-size:1rem;color:#fff}
.pass{background:#07c160}.fail{background:#e34d59}</style></head><body>${body}</body></html>`;

/** /api/user/face/*: start a check, read its result, and the developer simulator page. */
export const faceRoutes: FastifyPluginAsyncZod<{
  face: FaceService;
  guards: AuthGuards;
  /** The developer simulator page, only while the development simulators are on. */
  simulator: boolean;
}> = async (app, { face, guards, simulator }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/start',
    {
      onRequest: guards.requireUser,
      schema: { response: { 200: envelopeSchema(faceStartResultSchema) } },
    },
    async (request) => ok(await face.start(userOf(request).userId)),
  );

  app.get(
    '/result',
    {
      onRequest: guards.requireUser,
      schema: {
        querystring: faceResultQuerySchema,
        response: { 200: envelopeSchema(faceResultSchema) },
      },
    },
    async (request) => ok(await face.result(userOf(request).userId, request.query.verifyId)),
  );

  if (!simulator) return;

  app.get(
    '/simulator',
    { schema: { querystring: z.object({ verifyId: z.string().max(128) }) } },
    async (request, reply) => {
      const id = request.query.verifyId.replace(/[^A-Za-z0-9_-]/g, '');
      const body = (await face.pendingCheck(id))
        ? `<h1>人脸核验（模拟器）</h1><p>开发用：选择核验结果。</p>
<form method="post" action="/api/user/face/simulator"><input type="hidden" name="verifyId" value="${id}">
<button class="pass" name="result" value="passed">通过</button>
<button class="fail" name="result" value="failed">不通过</button></form>`
        : '<h1>核验已结束</h1><p>请回到电脑上重新发起核验。</p>';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html(body));
    },
  );

  app.post(
    '/simulator',
    {
      schema: {
        body: z.object({ verifyId: z.string().max(128), result: z.enum(['passed', 'failed']) }),
      },
    },
    async (request, reply) => {
      const done = await face.settle(request.body.verifyId, request.body.result);
      return reply
        .type('text/html; charset=utf-8')
        .send(html(done ? '<h1>已提交</h1><p>请回到电脑上继续。</p>' : '<h1>核验已结束</h1>'));
    },
  );
};
