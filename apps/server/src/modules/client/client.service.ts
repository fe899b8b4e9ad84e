import { z } from 'zod';
import type { ClientDownloads, ClientRelease } from '@huijing/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuditLog } from '../admin/audit.service';
import { createSettingsRepository } from '../settings/settings.repository';
import type { SettingsRepository } from '../settings/settings.repository';
import { defaultSettings } from '../settings/settings.schemas';

export type ClientService = ReturnType<typeof createClientService>;

/** The /client page's builds, kept in the `client.downloads` business setting (admin-edited). */
export const createClientService = (deps: {
  settings: SettingsRepository;
  audit: Pick<AuditLog, 'audited'>;
}) => {
  const order: Record<ClientRelease['platform'], number> = { windows: 0, macos: 1 };
  return {
    async downloads(): Promise<ClientDownloads> {
      // A list stored before the https-or-same-site link rule no longer parses: nothing of it
      // is offered (never a 5xx) until an admin publishes again.
      const releases = await deps.settings.getSetting('client.downloads').catch((e: unknown) => {
        if (e instanceof z.ZodError) return [];
        throw e;
      });
      return {
        releases: [...(releases ?? defaultSettings['client.downloads'])].sort(
          (a, b) => order[a.platform] - order[b.platform],
        ),
      };
    },

    /**
     * Replaces the published list (an empty list takes every build down), with its audit row
     * (`client.downloads.publish`, before and after) in the same transaction.
     */
    async publish(request: FastifyRequest, releases: ClientRelease[]): Promise<ClientDownloads> {
      const before = await this.downloads();
      await deps.audit.audited(request, 'client.downloads.publish', async (trx) => {
        await createSettingsRepository(trx).putSetting('client.downloads', releases);
        return { value: null, target: 'setting:client.downloads', before, after: { releases } };
      });
      return this.downloads();
    },
  };
};
