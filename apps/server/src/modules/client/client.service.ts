import { z } from 'zod';
import type { ClientDownloads, ClientRelease } from '@huijing/contracts';
import type { SettingsRepository } from '../settings/settings.repository';
import { defaultSettings } from '../settings/settings.schemas';

export type ClientService = ReturnType<typeof createClientService>;

/** The /client page's builds, kept in the `client.downloads` business setting (admin-edited). */
export const createClientService = (deps: { settings: SettingsRepository }) => {
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

    /** Replaces the published list (an empty list takes every build down). */
    async publish(releases: ClientRelease[]): Promise<ClientDownloads> {
      await deps.settings.putSetting('client.downloads', releases);
      return this.downloads();
    },
  };
};
