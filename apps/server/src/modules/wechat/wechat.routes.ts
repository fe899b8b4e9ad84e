import {
  envelopeSchema,
  ok,
  wxQrSchema,
  wxScanQuerySchema,
  wxScanResultSchema,
} from '@huijing/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { perIpLimit } from '../../http/rate-limit';
import { parseWechatEvent, verifyWechatSignature } from '../../providers/wechat/wechat.provider';
import { sessionMeta } from '../auth/auth.routes';
import { simulatorDonePage, simulatorPage } from './simulator-page';
import type { WechatService } from './wechat.service';

/** QR codes one address may ask for per minute. */
export const WX_QR_PER_MINUTE = 10;

/** The browser binder: HttpOnly so page scripts cannot read it, Lax so it rides same-site polls. */
const BINDER_COOKIE = 'hj_wx';

const readCookie = (request: FastifyRequest, name: string): string | undefined => {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
};

const setBinderCookie = (request: FastifyRequest, reply: FastifyReply, value: string) => {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${BINDER_COOKIE}=${value}; Path=/api/wx; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`,
  );
};

const signatureQuerySchema = z.object({
  signature: z.string().max(128).optional(),
  timestamp: z.string().max(20).optional(),
  nonce: z.string().max(64).optional(),
  echostr: z.string().max(256).optional(),
});

export type WechatRoutesOptions = {
  wechat: WechatService;
  provider: 'simulator' | 'mp' | 'off';
  /** Where links in QR codes point (PUBLIC_BASE_URL); unset: a same-site path. */
  publicBaseUrl: string | undefined;
  /** The Official Account's server token (mp only). */
  pushToken?: string;
};

/** /api/wx/*: QR login, the Official Account push endpoint and the developer simulator. */
export const wechatRoutes: FastifyPluginAsyncZod<WechatRoutesOptions> = async (app, opts) => {
  const { wechat } = opts;
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string' },
    (_req, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/getQRCode',
    {
      // Each call stores a scene: one address gets a few per minute (a login needs one).
      config: { rateLimit: perIpLimit(WX_QR_PER_MINUTE, 'WECHAT_QR_TOO_FREQUENT') },
      schema: { response: { 200: envelopeSchema(wxQrSchema) } },
    },
    async (request, reply) => {
      if (opts.provider === 'off') throw new AppError('WECHAT_UNAVAILABLE');
      // Never the Host header: a forged one would put the attacker's site into the QR code.
      const { binder, result } = await wechat.createScene(
        readCookie(request, BINDER_COOKIE),
        opts.publicBaseUrl ?? '',
      );
      setBinderCookie(request, reply, binder);
      return ok(result);
    },
  );

  app.get(
    '/cheakScan',
    {
      schema: {
        querystring: wxScanQuerySchema,
        response: { 200: envelopeSchema(wxScanResultSchema) },
      },
    },
    async (request) =>
      ok(
        await wechat.checkScan(
          request.query.sceneId,
          readCookie(request, BINDER_COOKIE),
          sessionMeta(request),
        ),
      ),
  );

  if (opts.provider === 'mp') {
    const token = opts.pushToken ?? '';
    // WeChat's server-address check: echo echostr when the signature is right.
    app.get(
      '/callback',
      { schema: { querystring: signatureQuerySchema } },
      async (request, reply) => {
        if (!verifyWechatSignature(token, request.query)) throw new AppError('FORBIDDEN');
        return reply.type('text/plain').send(request.query.echostr ?? '');
      },
    );

    app.post(
      '/callback',
      { schema: { querystring: signatureQuerySchema } },
      async (request, reply) => {
        const { timestamp } = request.query;
        if (
          !verifyWechatSignature(token, request.query) ||
          !timestamp ||
          !wechat.pushIsFresh(timestamp)
        ) {
          throw new AppError('FORBIDDEN');
        }
        const event = parseWechatEvent(typeof request.body === 'string' ? request.body : '');
        const isScan =
          event.msgType === 'event' && (event.event === 'SCAN' || event.event === 'subscribe');
        if (isScan && event.eventKey && event.fromUserName) {
          const sceneId = event.eventKey.replace(/^qrscene_/, '');
          const confirmed = await wechat.confirmByOpenid(sceneId, event.fromUserName);
          request.log.info({ event: event.event, confirmed }, 'WeChat scan push');
        }
        // WeChat wants "success" (or an empty body) or it retries and warns the account owner.
        return reply.type('text/plain').send('success');
      },
    );
  }

  if (opts.provider === 'simulator') {
    app.get(
      '/simulator',
      { schema: { querystring: z.object({ sceneId: z.string().max(128) }) } },
      async (request, reply) => {
        const opened = await wechat.simulatorOpen(request.query.sceneId);
        const state = !opened
          ? 'missing'
          : opened.scene.live && opened.scene.status !== 'consumed'
            ? 'open'
            : 'expired';
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(simulatorPage(request.query.sceneId, state));
      },
    );

    app.post(
      '/simulator/confirm',
      {
        schema: {
          body: z.object({
            sceneId: z.string().max(128),
            phone: z
              .string()
              .trim()
              .regex(/^(1\d{10})?$/, '请输入 11 位手机号，或留空新建测试用户')
              .optional(),
          }),
        },
      },
      async (request, reply) => {
        const done = await wechat.simulatorConfirm(
          request.body.sceneId,
          request.body.phone || undefined,
        );
        return reply.type('text/html; charset=utf-8').send(simulatorDonePage(done));
      },
    );
  }
};
