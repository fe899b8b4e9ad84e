import type {
  ModelDetail,
  ModelItem,
  StartTrainBody,
  TrainDoctorBody,
  TrainDoctorResult,
  TrainRightInfo,
} from '@huijing/contracts';
import { TRAIN_LIMITS } from '@huijing/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { StoragePort } from '../../providers/storage';
import { createTasksRepository } from '../tasks/tasks.repository';
import { queueHeldTask } from '../tasks/task-submit';
import { settleTaskTickets } from '../tasks/tasks.settlement';
import type { FilesService } from '../uploads/files.service';
import type { CaptionWriter } from './captions';
import {
  bucketFor,
  differenceHash,
  generateTriggerWord,
  isTriggerWord,
  nearDuplicates,
} from './dataset-doctor';
import { createModelsRepository } from './models.repository';
import type {
  DatasetEntry,
  ModelRecord,
  ModelsRepository,
  TrainDomainRecord,
} from './models.repository';
import type { TrainAvailability } from './train-availability';
import { TRAIN_ENGINE_ID, TRAIN_TOOL_ID } from './training.engine';
import type { TrainTaskParams } from './training.engine';

export type ModelsService = ReturnType<typeof createModelsService>;

export type TrainSettings = {
  price: number;
  ticketType: 1 | 2 | 3 | 4;
  minImages: number;
  maxImages: number;
  minShortSide: number;
};

const FILE_URL_ID = /^\/api\/files\/([0-9a-f-]{36})(?:[/?]|$)/i;
const FILE_ID = /^[0-9a-f-]{36}$/i;
const idOf = (ref: string) => FILE_URL_ID.exec(ref)?.[1] ?? (FILE_ID.test(ref) ? ref : undefined);

/** The 403 a non-member gets from POST /model/train. */
export const TRAIN_VIP_MESSAGE = '模型训练为会员专享权益，开通 VIP 或 SVIP 会员后即可训练专属模型';

export const createModelsService = (deps: {
  db: Kysely<Database>;
  repo: ModelsRepository;
  files: FilesService;
  storage: StoragePort;
  now: Clock;
  logger: Logger;
  settings: TrainSettings;
  availability: TrainAvailability;
  captions: CaptionWriter;
  /** Hands a committed training task to the transport (the sweep retries if this fails). */
  wake: (taskId: string) => Promise<void>;
  /** Whether the user's membership (VIP or SVIP) runs now: training is a member perk. */
  isVip: (userId: string) => Promise<boolean>;
  abortLocal: (taskId: string) => void;
  /** Tells the owner's event streams that training task `taskId` changed (after the commit). */
  notify?: (userId: string, taskId: string) => void;
}) => {
  const notify = deps.notify ?? (() => {});
  const { repo, settings } = deps;
  const iso = () => deps.now().toISOString();

  const domainOrThrow = async (key: string): Promise<TrainDomainRecord> => {
    const domain = await repo.domain(key);
    if (!domain) throw new AppError('TRAIN_DOMAIN_UNKNOWN');
    return domain;
  };

  const triggerOf = (given: string | undefined) => {
    const word = given?.trim();
    if (!word) return generateTriggerWord();
    if (!isTriggerWord(word)) throw new AppError('TRAIN_TRIGGER_INVALID');
    return word;
  };

  /**
   * Checks a dataset: the user's own uploads only, the short side, near-duplicates (dropped, the
   * first one kept), the count after that, and each picture's aspect bucket.
   */
  const examine = async (userId: string, images: string[]) => {
    const refs = images.map((image) => ({ image, id: idOf(image) }));
    const ids = [...new Set(refs.flatMap((r) => (r.id ? [r.id] : [])))];
    const owned = new Map(
      (await deps.files.ownedFiles(userId, ids))
        .filter((f) => f.kind === 'upload' && f.mime.startsWith('image/'))
        .map((f) => [f.id, f]),
    );
    const problems: TrainDoctorResult['problems'] = [];
    const seen = new Set<string>();
    const candidates = [];
    for (const r of refs) {
      const file = r.id ? owned.get(r.id) : undefined;
      if (!file) {
        problems.push({
          fileId: null,
          image: r.image,
          reason: 'not-found',
          message: '图片不存在或不是你上传的',
        });
        continue;
      }
      if (seen.has(file.id)) {
        problems.push({
          fileId: file.id,
          image: r.image,
          reason: 'duplicate',
          message: '同一张图片重复添加，已去掉',
        });
        continue;
      }
      seen.add(file.id);
      if (Math.min(file.width, file.height) < settings.minShortSide) {
        problems.push({
          fileId: file.id,
          image: r.image,
          reason: 'too-small',
          message: `图片太小（${file.width}×${file.height}），短边至少 ${settings.minShortSide} 像素`,
        });
        continue;
      }
      candidates.push({ image: r.image, file });
    }
    const hashes = await Promise.all(
      candidates.map(async (c) => differenceHash(await deps.storage.read(c.file.storageKey))),
    );
    const repeats = nearDuplicates(hashes);
    const accepted = candidates.filter((c, i) => {
      if (!repeats.has(i)) return true;
      problems.push({
        fileId: c.file.id,
        image: c.image,
        reason: 'duplicate',
        message: `与第 ${repeats.get(i)! + 1} 张几乎相同，已去掉`,
      });
      return false;
    });
    return { accepted, problems };
  };

  const countMessages = (n: number) =>
    n < settings.minImages
      ? [`可用图片 ${n} 张，至少需要 ${settings.minImages} 张`]
      : n > settings.maxImages
        ? [`可用图片 ${n} 张，最多 ${settings.maxImages} 张`]
        : [];

  const doctor = async (userId: string, body: TrainDoctorBody): Promise<TrainDoctorResult> => {
    const domain = await domainOrThrow(body.domain);
    const triggerWord = triggerOf(body.triggerWord);
    const { accepted, problems } = await examine(userId, body.images);
    const written = await deps.captions.describe(
      accepted.map((a) => a.file),
      { triggerWord, domainWords: domain.words },
    );
    const buckets = new Map<
      string,
      { name: string; width: number; height: number; count: number }
    >();
    const list = await Promise.all(
      accepted.map(async (a, i) => {
        const b = bucketFor(a.file.width, a.file.height);
        const entry = buckets.get(b.name) ?? { ...b, count: 0 };
        entry.count += 1;
        buckets.set(b.name, entry);
        return {
          fileId: a.file.id,
          ...(await deps.files.links(a.file)),
          width: a.file.width,
          height: a.file.height,
          bucket: b.name,
          caption: written.captions[i]!,
        };
      }),
    );
    const messages = countMessages(accepted.length);
    const blocking = problems.some((p) => p.reason !== 'duplicate');
    return {
      ok: messages.length === 0 && !blocking,
      triggerWord,
      accepted: list,
      problems,
      buckets: [...buckets.values()],
      captionSource: written.source,
      messages,
    };
  };

  const datasetLinks = async (m: ModelRecord) =>
    Promise.all(
      m.dataset.map(async (d) => ({
        ...(await deps.files.links({ id: d.fileId, mime: 'image/png' })),
        caption: d.caption,
        bucket: d.bucket,
      })),
    );

  const coverOf = async (m: ModelRecord) => {
    const id = m.sampleFileIds[0] ?? m.dataset[0]?.fileId;
    return id ? (await deps.files.links({ id, mime: 'image/png' })).thumbUrl : null;
  };

  const domainNames = async () => new Map((await repo.domains()).map((d) => [d.key, d.name]));

  const toItem = async (m: ModelRecord, names: Map<string, string>): Promise<ModelItem> => ({
    id: m.id,
    name: m.name,
    domain: m.domain,
    domainName: names.get(m.domain) ?? m.domain,
    status: m.status,
    progress: m.status === 'succeeded' ? 100 : m.progress,
    coverUrl: await coverOf(m),
    triggerWord: m.triggerWord,
    createdAt: m.createdAt,
    finishedAt: m.finishedAt,
    error: m.error,
    review: m.review,
    useCount: m.useCount,
  });

  const ownedOrThrow = async (userId: string, id: string) => {
    const m = await repo.findOwned(userId, id);
    if (!m) throw new AppError('MODEL_NOT_FOUND');
    return m;
  };

  /** Holds the price and queues the training task; the caller's transaction also writes the model. */
  const queueTraining = async (
    trx: Kysely<Database>,
    userId: string,
    taskId: string,
    params: TrainTaskParams,
    fileIds: string[],
    at: string,
  ) => {
    await queueHeldTask(trx, {
      id: taskId,
      userId,
      toolId: TRAIN_TOOL_ID,
      family: 'training',
      capability: 'train-lora',
      engine: TRAIN_ENGINE_ID,
      params,
      inputs: { images: fileIds },
      ticketType: settings.ticketType,
      price: settings.price,
      createdAt: at,
    });
    await createModelsRepository(trx).hideTask(taskId);
  };

  /** What GET /model/train/:id answers; the event streams send exactly this too. */
  const detailOf = async (m: ModelRecord, names?: Map<string, string>): Promise<ModelDetail> => {
    const link = (fileId: string) => deps.files.links({ id: fileId, mime: 'image/png' });
    return {
      ...(await toItem(m, names ?? (await domainNames()))),
      dataset: await datasetLinks(m),
      lossGraph: m.lossGraphFileId ? await link(m.lossGraphFileId) : null,
      samples: await Promise.all(m.sampleFileIds.map(link)),
      steps: m.steps,
      rank: m.rank,
      learningRate: m.learningRate,
      priceTickets: m.price,
      hasWeights: m.loraKey !== null,
      reviewNote: m.reviewNote,
    };
  };

  const wake = (taskId: string) =>
    deps
      .wake(taskId)
      .catch((err: unknown) =>
        deps.logger.error({ err, taskId }, 'training enqueue failed; sweep will retry'),
      );

  return {
    domains: () => repo.domains(),

    async rightInfo(userId: string): Promise<TrainRightInfo> {
      const state = await deps.availability.check();
      const isVip = await deps.isVip(userId);
      return {
        priceTickets: settings.price,
        ticketType: settings.ticketType,
        minImages: settings.minImages,
        maxImages: settings.maxImages,
        minShortSide: settings.minShortSide,
        vipPerks: ['会员专享'],
        vipRequired: true,
        isVip,
        available: state.available,
        ...(state.reason && { reason: state.reason }),
        limits: TRAIN_LIMITS,
      };
    },

    doctor,

    async start(userId: string, body: StartTrainBody): Promise<{ id: string }> {
      // Training rights are a member perk (the perks table: 普通用户 —, VIP ✓, SVIP ✓).
      if (!(await deps.isVip(userId)))
        throw new AppError('VIP_REQUIRED', { message: TRAIN_VIP_MESSAGE });
      const domain = await domainOrThrow(body.domain);
      const triggerWord = triggerOf(body.triggerWord);
      // Refused before anything is held: no ComfyUI, or one without the training nodes.
      const state = await deps.availability.check();
      if (!state.available) throw new AppError('TRAIN_UNAVAILABLE', { message: state.reason });
      const { accepted, problems } = await examine(userId, body.images);
      const blocking = problems.filter((p) => p.reason !== 'duplicate');
      if (blocking.some((p) => p.reason === 'not-found'))
        throw new AppError('FILE_NOT_FOUND', {
          message: '有图片不存在或不是你上传的，请重新选择',
          data: { problems: blocking },
        });
      const messages = [...blocking.map((p) => p.message), ...countMessages(accepted.length)];
      if (messages.length)
        throw new AppError('TRAIN_DATASET_INVALID', {
          message: `训练图片不符合要求：${messages[0]}`,
          data: { problems, messages },
        });
      const given = body.captions;
      const fallback = await deps.captions.describe(given ? [] : accepted.map((a) => a.file), {
        triggerWord,
        domainWords: domain.words,
      });
      const dataset: DatasetEntry[] = accepted.map((a, i) => {
        const b = bucketFor(a.file.width, a.file.height);
        const index = body.images.indexOf(a.image);
        const typed = Array.isArray(given) ? given[index] : given?.[a.file.id];
        const text = typed?.trim() || fallback.captions[i] || `${triggerWord}, ${domain.words}`;
        // The trigger word leads every caption: it is what the LoRA learns to answer to.
        const caption = text.startsWith(triggerWord) ? text : `${triggerWord}, ${text}`;
        return { fileId: a.file.id, caption, bucket: b.name, width: b.width, height: b.height };
      });
      const id = newId();
      const taskId = newId();
      const at = iso();
      const params: TrainTaskParams = {
        modelId: id,
        domain: domain.key,
        triggerWord,
        checkpoint: domain.checkpoint,
        steps: body.steps ?? domain.steps,
        rank: body.rank ?? domain.rank,
        learningRate: body.learningRate ?? domain.learningRate,
        samplePrompt: domain.samplePrompt,
        pictures: dataset.map((d) => ({ caption: d.caption, width: d.width, height: d.height })),
      };
      await deps.db.transaction().execute(async (trx) => {
        await queueTraining(
          trx,
          userId,
          taskId,
          params,
          dataset.map((d) => d.fileId),
          at,
        );
        await createRepo(trx).insertModel({
          id,
          userId,
          name: body.name,
          domain: domain.key,
          triggerWord,
          taskId,
          dataset,
          steps: params.steps,
          rank: params.rank,
          learningRate: params.learningRate,
          checkpoint: params.checkpoint,
          price: settings.price,
          ticketType: settings.ticketType,
          at,
        });
      });
      await wake(taskId);
      notify(userId, taskId);
      return { id };
    },

    async page(userId: string, current: number, pageSize: number) {
      const { rows, total } = await repo.listOwned(userId, current, pageSize);
      const names = await domainNames();
      return { list: await Promise.all(rows.map((m) => toItem(m, names))), total };
    },

    async detail(userId: string, id: string): Promise<ModelDetail> {
      return detailOf(await ownedOrThrow(userId, id));
    },

    /**
     * The `training` event for a change of training task `taskId` (task-stream.ts): the detail
     * above, read as `userId`; nothing when that task is no longer a model of theirs.
     */
    async streamTraining(userId: string, taskId: string): Promise<ModelDetail | undefined> {
      const m = await repo.findOwnedByTask(userId, taskId);
      return m ? detailOf(m) : undefined;
    },

    /** On a stream's connect: the owner's trainings active or changed since `since` (newest 20). */
    async streamSnapshot(userId: string, since: string): Promise<ModelDetail[]> {
      const rows = await repo.recentForStream(userId, since, 20);
      if (rows.length === 0) return [];
      const names = await domainNames();
      return Promise.all(rows.map((m) => detailOf(m, names)));
    },

    runningIds: (userId: string) => repo.runningIds(userId),

    /** Cancels a queued or running training (tickets released once); else deletes the model. */
    async remove(userId: string, id: string): Promise<{ canceled: boolean }> {
      const m = await ownedOrThrow(userId, id);
      const at = iso();
      const canceled = await deps.db.transaction().execute(async (trx) => {
        const tasks = createTasksRepository(trx);
        const task = await tasks.findTask(m.taskId);
        if (task && (await tasks.cancelActive(m.taskId, userId, at))) {
          await settleTaskTickets(trx, task, 'released', at);
          return true;
        }
        await createRepo(trx).deleteModel(userId, id);
        return false;
      });
      if (canceled) {
        deps.abortLocal(m.taskId);
        notify(userId, m.taskId);
        return { canceled };
      }
      if (m.loraKey)
        await deps.storage
          .delete(m.loraKey)
          .catch((err: unknown) => deps.logger.warn({ err, id }, 'LoRA file not removed'));
      return { canceled };
    },

    /** A failed or canceled training runs again with the same pictures, at the current price. */
    async retry(userId: string, id: string): Promise<{ id: string }> {
      const m = await ownedOrThrow(userId, id);
      if (m.status !== 'failed' && m.status !== 'canceled')
        throw new AppError('CONFLICT', {
          message: '只有失败或已取消的训练可以重试',
        });
      const state = await deps.availability.check();
      if (!state.available) throw new AppError('TRAIN_UNAVAILABLE', { message: state.reason });
      const old = await createTasksRepository(deps.db).findTask(m.taskId);
      const taskId = newId();
      const at = iso();
      await deps.db.transaction().execute(async (trx) => {
        await queueTraining(
          trx,
          userId,
          taskId,
          old!.params as TrainTaskParams,
          m.dataset.map((d) => d.fileId),
          at,
        );
        await createRepo(trx).retarget(id, taskId, at);
      });
      await wake(taskId);
      notify(userId, taskId);
      return { id };
    },

    async publish(userId: string, id: string, publish: boolean): Promise<ModelItem> {
      const m = await ownedOrThrow(userId, id);
      if (publish) {
        if (m.status !== 'succeeded' || !m.loraName) throw new AppError('MODEL_NOT_FINISHED');
        // As the gallery: published at once; one a reviewer took down waits for review again.
        await repo.setReview(id, ['private'], 'approved', iso());
        await repo.setReview(id, ['rejected'], 'pending', iso());
      } else await repo.setReview(id, ['pending', 'approved', 'rejected'], 'private', iso());
      notify(userId, m.taskId);
      return toItem((await repo.findOwned(userId, id))!, await domainNames());
    },

    /**
     * For render tools: the LoRA a task may use — the user's own finished model or a published
     * one — with the trigger word to prepend. Counted as a use.
     */
    async resolveForRender(userId: string, id: string) {
      const m = await repo.findModel(id);
      if (!m || (m.userId !== userId && m.review !== 'approved'))
        throw new AppError('MODEL_NOT_FOUND');
      if (m.status !== 'succeeded' || !m.loraName) throw new AppError('MODEL_NOT_USABLE');
      await repo.countUse(id);
      return { loraName: m.loraName, triggerWord: m.triggerWord };
    },

    toItem,
    domainNames,
    coverOf,
  };
};

const createRepo = (trx: Kysely<Database>) => createModelsRepository(trx);
