import type { SquareItem, UsableModel } from '@huijing/contracts';
import { AppError } from '../../http/app-error';
import type { FilesService } from '../uploads/files.service';
import type { ModelRecord, ModelsRepository } from './models.repository';
import type { ModelsService } from './models.service';

export type SquareService = ReturnType<typeof createSquareService>;

const encodeCursor = (m: ModelRecord) =>
  Buffer.from(JSON.stringify([m.publishedAt, m.id])).toString('base64url');
const decodeCursor = (cursor: string): { at: string; id: string } => {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string];
    if (typeof at === 'string' && typeof id === 'string') return { at, id };
  } catch {
    // fall through
  }
  throw new AppError('BAD_REQUEST', { message: '分页参数无效，请刷新后重试' });
};

/** The model square (approved models of everyone) and the render tools' model picker. */
export const createSquareService = (deps: {
  repo: ModelsRepository;
  files: FilesService;
  models: ModelsService;
}) => {
  const usableOf = async (
    m: ModelRecord,
    userId: string | undefined,
    names: Map<string, string>,
  ): Promise<UsableModel> => ({
    id: m.id,
    name: m.name,
    domain: m.domain,
    domainName: names.get(m.domain) ?? m.domain,
    triggerWord: m.triggerWord,
    coverUrl: await deps.models.coverOf(m),
    mine: m.userId === userId,
    useCount: m.useCount,
  });

  return {
    async usable(userId: string): Promise<UsableModel[]> {
      const names = await deps.models.domainNames();
      const rows = await deps.repo.usable(userId);
      return Promise.all(rows.map((m) => usableOf(m, userId, names)));
    },

    /** Keyset pages strictly after the cursor (published_at, id). */
    async page(q: { domain?: string; cursor?: string; pageSize: number }) {
      const rows = await deps.repo.square({
        domain: q.domain || undefined,
        after: q.cursor ? decodeCursor(q.cursor) : undefined,
        limit: q.pageSize + 1,
      });
      const more = rows.length > q.pageSize;
      const list = rows.slice(0, q.pageSize);
      const names = await deps.models.domainNames();
      const authors = await deps.repo.authorNames(list.map((m) => m.userId));
      const items: SquareItem[] = await Promise.all(
        list.map(async (m) => ({
          ...(await usableOf(m, undefined, names)),
          samples: await Promise.all(
            m.sampleFileIds.slice(0, 4).map((id) => deps.files.links({ id, mime: 'image/png' })),
          ),
          author: authors.get(m.userId) ?? '设计师',
          publishedAt: m.publishedAt ?? m.createdAt,
        })),
      );
      return { list: items, nextCursor: more ? encodeCursor(list.at(-1)!) : null };
    },
  };
};
