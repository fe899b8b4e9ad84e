import {
  captchaChallengeSchema,
  captchaSolveBodySchema,
  captchaTokenSchema,
  envelopeSchema,
  loginResultSchema,
  ok,
  smsLoginBodySchema,
  smsSendBodySchema,
  smsSendDataSchema,
} from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rethrowValidation } from '../../http/validation';
import { sessionToken } from './authenticate';
import type { CaptchaService } from './captcha.service';
import type { LoginService } from './login.service';
import type { SessionsService } from './sessions.service';
import type { SmsService } from './sms.service';

const nullEnvelope = envelopeSchema(z.null());

export const sessionMeta = (request: FastifyRequest) => ({
  ip: request.ip,
  ua: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
});

export type AuthRoutesOptions = {
  sms: SmsService;
  login: LoginService;
  sessions: SessionsService;
  captcha: CaptchaService;
  testLogin: boolean;
};

/** SMS sign-in, logout, test login and the "validate" captcha; all under /api. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  app.post(
    '/user/p1/sms/send',
    {
      attachValidation: true,
      schema: { body: smsSendBodySchema, response: { 200: envelopeSchema(smsSendDataSchema) } },
    },
    async (request) => {
      rethrowValidation(request, { phoneNo: 'PHONE_INVALID' });
      const data = await opts.sms.send({
        phone: request.body.phoneNo,
        purpose: request.body.purpose,
        ip: request.ip,
        captchaToken: request.body.captchaToken,
      });
      return ok(data, '发送成功');
    },
  );

  app.post(
    '/user/p1/sms/login',
    {
      attachValidation: true,
      schema: { body: smsLoginBodySchema, response: { 200: envelopeSchema(loginResultSchema) } },
    },
    async (request) => {
      rethrowValidation(request, { phoneNo: 'PHONE_INVALID', verifyCode: 'CODE_INVALID' });
      const body = request.body;
      const result = await opts.login.smsLogin(
        {
          phone: body.phoneNo,
          code: body.verifyCode,
          clientType: body.type,
          source: body.source,
          inviteCode: body.inviteCode,
          agreement: body.agreement,
        },
        sessionMeta(request),
      );
      return ok(result, '登录成功');
    },
  );

  // Logout is idempotent: an unknown or already ended token still answers success, so the
  // client's logout sequence (spec §4) never stalls; the token is dead either way.
  const logout = async (request: FastifyRequest) => {
    const token = sessionToken(request);
    if (token) await opts.sessions.revokeToken(token, 'logout');
    return ok(null, '已退出登录');
  };
  app.get('/user/logout', { schema: { response: { 200: nullEnvelope } } }, logout);
  app.post('/logout/invalidateSession', { schema: { response: { 200: nullEnvelope } } }, logout);

  if (opts.testLogin) {
    app.get(
      '/test/testlogin',
      { schema: { response: { 200: envelopeSchema(loginResultSchema) } } },
      async (request) => ok(await opts.login.testLogin(sessionMeta(request)), '登录成功'),
    );
  }

  app.get(
    '/captcha/challenge',
    { schema: { response: { 200: envelopeSchema(captchaChallengeSchema) } } },
    async () => ok(await opts.captcha.issueChallenge()),
  );
  app.post(
    '/captcha/solve',
    {
      schema: {
        body: captchaSolveBodySchema,
        response: { 200: envelopeSchema(captchaTokenSchema) },
      },
    },
    async (request) => ok(await opts.captcha.solve(request.body.payload)),
  );
};
