import fs from 'node:fs/promises';
import path from 'node:path';
import type { ClickMaskResult, clickMaskBodySchema } from '@huijing/contracts';
import type { z } from 'zod';
import { newId } from '../../db/ids';
import { EngineError } from '../../engines/engine';
import type { EngineRouter } from '../../engines/engine-router';
import { AppError } from '../../http/app-error';
import type { UserRateLimiter } from '../../http/rate-limit';
import type { FilesService } from '../uploads/files.service';

export type ClickMaskService = ReturnType<typeof createClickMaskService>;
type ClickMaskBody = z.infer<typeof clickMaskBodySchema>;

/** Interactive, so it must answer within seconds or give up. */
const TIMEOUT_MS = 30_000;

/**
 * POST /api/ai/clickMask (spec §7): the editor's click segmentation. It is interactive — the
 * designer clicks and waits — so it runs at once through the engine router instead of the queue,
 * costs no tickets, and is rate-limited per user instead. The mask is stored as the user's own
 * file so its id can be sent straight back as a task's `mask` input.
 */
export const createClickMaskService = (deps: {
  router: EngineRouter;
  files: FilesService;
  dataDir: string;
  /** A limit against runaway clicking (CLICK_MASK_PER_MINUTE), shared by every API process. */
  admit: UserRateLimiter;
}) => {
  return {
    async clickMask(userId: string, body: ClickMaskBody): Promise<ClickMaskResult> {
      await deps.admit(userId);
      const route = await deps.router.resolve('click-segment');
      if (!route.engine) throw new AppError('ENGINE_UNAVAILABLE', { message: route.reason });

      const source = body.fileId
        ? (await deps.files.ownedFiles(userId, [body.fileId]))[0]
        : (await deps.files.ingestUpload(userId, body.image!)).file;
      if (!source || !source.mime.startsWith('image/')) throw new AppError('FILE_NOT_FOUND');

      const workDir = path.join(deps.dataDir, 'work', `mask-${newId()}`);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
      try {
        await fs.mkdir(workDir, { recursive: true });
        const outputs = await route.engine.run({
          taskId: `mask-${source.id}`,
          toolId: 'click-mask',
          capability: 'click-segment',
          params: { points: body.points },
          inputs: {
            upload_img: {
              path: await deps.files.localPath(source, workDir),
              mime: source.mime,
              width: source.width,
              height: source.height,
            },
          },
          workDir,
          signal: controller.signal,
          onProgress: () => undefined,
        });
        const output = outputs[0];
        if (!output) throw new AppError('INTERNAL');
        const mask = await deps.files.storeOutput(userId, output, 'mask');
        return {
          fileId: mask.id,
          url: (await deps.files.links(mask)).url,
          width: mask.width,
          height: mask.height,
        };
      } catch (e) {
        if (e instanceof EngineError) {
          throw new AppError('BAD_REQUEST', { message: e.userMessage, cause: e });
        }
        if (controller.signal.aborted) {
          throw new AppError('SERVICE_UNAVAILABLE', { message: '选区计算超时，请减少点选后重试' });
        }
        throw e;
      } finally {
        clearTimeout(timer);
        await fs.rm(workDir, { recursive: true, force: true }).catch(() => undefined);
      }
    },
  };
};
