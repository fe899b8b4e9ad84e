import {
  bindPhoneBodySchema,
  envelopeSchema,
  ok,
  userEditBodySchema,
  userInfoSchema,
  vipInfoSchema,
} from '@huijing/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { rethrowValidation } from '../../http/validation';
import { userOf } from '../auth/authenticate';
import type { AuthGuards } from '../auth/authenticate';
import type { SmsService } from '../auth/sms.service';
import type { AvatarStore } from './avatar.store';
import { toUserInfo } from './users.service';
import type { UsersService } from './users.service';

const userInfoEnvelope = envelopeSchema(userInfoSchema);

export type UsersRoutesOptions = {
  users: UsersService;
  sms: SmsService;
  avatars: AvatarStore;
  guards: AuthGuards;
};

/** /api/user/*: the signed-in user's own account. */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, opts) => {
  const { users, guards } = opts;

  // Public: avatar names are random and the images are meant to be shown.
  app.get(
    '/avatar/:file',
    { schema: { params: z.object({ file: z.string().max(80) }) } },
    async (request, reply) => {
      const bytes = await opts.avatars.read(request.params.file);
      if (!bytes) throw new AppError('RESOURCE_NOT_FOUND');
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );

  const { requireUser } = guards;
  app.get(
    '/userInfo',
    { onRequest: requireUser, schema: { response: { 200: userInfoEnvelope } } },
    async (request) => ok(toUserInfo(await users.requireUser(userOf(request).userId))),
  );

  app.get(
    '/getVipInfo',
    { onRequest: requireUser, schema: { response: { 200: envelopeSchema(vipInfoSchema) } } },
    async (request) => ok(await users.vipInfo(userOf(request).userId)),
  );

  app.post(
    '/v1/user/edit',
    {
      onRequest: requireUser,
      schema: { body: userEditBodySchema, response: { 200: userInfoEnvelope } },
    },
    async (request) =>
      ok(toUserInfo(await users.editProfile(userOf(request).userId, request.body)), '已保存'),
  );

  app.post(
    '/v1/user/bindPhone',
    {
      onRequest: requireUser,
      attachValidation: true,
      schema: { body: bindPhoneBodySchema, response: { 200: userInfoEnvelope } },
    },
    async (request) => {
      rethrowValidation(request, { phoneNo: 'PHONE_INVALID', verifyCode: 'CODE_INVALID' });
      const { userId } = userOf(request);
      const user = await users.requireUser(userId);
      // Checked before the code is spent, so an account that has a phone keeps the code usable.
      if (user.phone) throw new AppError('PHONE_ALREADY_BOUND');
      await opts.sms.verify(request.body.phoneNo, 'bindPhone', request.body.verifyCode);
      return ok(toUserInfo(await users.bindPhone(userId, request.body.phoneNo)), '绑定成功');
    },
  );
};
