import type { CoreContainer } from '../../core/deps';
import { newId } from '../../db/ids';
import { createAlipayProvider } from '../../providers/payments/alipay.provider';
import { createSandboxProvider } from '../../providers/payments/sandbox.provider';
import { createWechatPayProvider } from '../../providers/payments/wechatpay.provider';
import type { FeatureModule, ModuleLookup } from '../feature-module';
import { seedCatalogue } from './catalogue.seed';
import { parsePaymentsConfig } from './orders.config';
import { ordersRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';
import type { ChannelProviders } from './orders.service';
import { notifyRoutes } from './notify.routes';
import { createRefundsService } from './refunds.service';
import { sandboxRoutes } from './sandbox.routes';
import { createSettlement } from './settlement';
import './orders.schema';

/**
 * Commerce: the catalogue, orders paid with WeChat Pay Native or Alipay precreate (or
 * the development sandbox), settlement exactly once, VIP and its monthly allowance, the 250513
 * activity, refunds, and the worker pass: the reconciler that asks the providers about what a lost
 * notify would leave pending, then the VIP months that have begun.
 */
export const ordersModule = (core: CoreContainer, _modules: ModuleLookup) => {
  const config = parsePaymentsConfig(core.env);
  const { db, dialect } = core.database;
  const { logger, now } = core;
  const wechat = config.wechat ? createWechatPayProvider(config.wechat) : undefined;
  const alipay = config.alipay ? createAlipayProvider(config.alipay) : undefined;
  const sandbox = config.sandbox
    ? createSandboxProvider({ db, publicBaseUrl: config.publicBaseUrl, now })
    : undefined;
  const providers: ChannelProviders = { wechat, alipay, sandbox };
  const mode = (real: unknown): 'live' | 'sandbox' | 'off' =>
    real ? 'live' : sandbox ? 'sandbox' : 'off';
  const channels = { wechat: mode(wechat), alipay: mode(alipay) };

  const settlement = createSettlement({ db, dialect, now, logger, providers });
  const orders = createOrdersService({
    db,
    dialect,
    now,
    logger,
    settlement,
    providers,
    channels,
    expireMinutes: config.expireMinutes,
    publicBaseUrl: config.publicBaseUrl,
  });
  const { allowance } = settlement;
  core.users.useVipAllowance((userId) => allowance.forUser(userId));
  const refunds = createRefundsService({ db, dialect, now, logger, providers });

  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  const pass = () => {
    running ??= orders
      .reconcileDue()
      .then(() => allowance.grantDue())
      .then(() => settlement.late.retryDue())
      .catch((err: unknown) => logger.warn({ err }, 'reconciler pass failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  if (sandbox)
    logger.warn('payments: sandbox channel on (no money moves; PAYMENT_SANDBOX=off to disable)');

  return {
    name: 'orders',
    services: { orders, settlement, refunds, allowance, providers, config },
    seed: (database) => seedCatalogue(database, now()),
    routes: async (app) => {
      await app.register(ordersRoutes, {
        prefix: '/api',
        orders,
        guards: core.guards,
        rateLimits: core.rateLimits,
        saveLead: async (userId, lead) => {
          await db
            .insertInto('enterprise_leads')
            .values({
              id: newId(),
              user_id: userId,
              company: lead.company,
              contact: lead.contact,
              phone: lead.phone,
              seats: lead.seats ?? null,
              note: lead.note ?? '',
              created_at: now().toISOString(),
            })
            .execute();
          logger.info({ company: lead.company }, 'enterprise lead');
        },
      });
      await app.register(notifyRoutes, { prefix: '/api', wechat, alipay, settlement, logger });
      if (sandbox) {
        await app.register(sandboxRoutes, {
          prefix: '/api',
          sandbox,
          orders,
          settlement,
          guards: core.guards,
        });
      }
    },
    startWorker: async () => {
      void pass();
      timer = setInterval(() => void pass(), config.reconcileMs);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  } satisfies FeatureModule;
};

export type OrdersModuleServices = ReturnType<typeof ordersModule>['services'];
