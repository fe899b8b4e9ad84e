import type { GalleryCollection } from '@huijing/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { avatarUrl } from '../users/users.service';
import { createCollectionsRepository } from './collections.repository';
import type { CollectionRecord } from './collections.repository';
import type { GalleryRepository } from './gallery.repository';
import { maskPhones } from './gallery.service';

const MAX_COLLECTIONS = 50;

export type CollectionsService = ReturnType<typeof createCollectionsService>;

/** Collections: named folders of a user's favourites; private ones are seen by their owner only. */
export const createCollectionsService = (deps: {
  db: Kysely<Database>;
  gallery: GalleryRepository;
  now: Clock;
}) => {
  const repo = createCollectionsRepository(deps.db);
  const iso = () => deps.now().toISOString();

  const toDto = (c: CollectionRecord): GalleryCollection => ({
    id: c.id,
    name: c.name,
    isPublic: c.isPublic,
    isDefault: c.isDefault,
    description: c.description,
    count: c.count,
    cover: c.coverFileId ? `/api/files/${c.coverFileId}/thumb?w=640` : null,
    owner: { id: c.userId, nickname: maskPhones(c.nickname), avatar: avatarUrl(c.avatarFile) },
    updatedAt: c.updatedAt,
  });

  const owned = async (userId: string, id: string) => {
    const c = await repo.find(id);
    if (!c || c.userId !== userId) throw new AppError('GALLERY_COLLECTION_NOT_FOUND');
    return c;
  };

  return {
    /** The caller's own (all, the default one made on first visit), or another user's public ones. */
    async list(viewerId: string | undefined, ownerId: string | undefined) {
      const who = ownerId ?? viewerId;
      if (!who) throw new AppError('UNAUTHORIZED');
      if (who === viewerId) {
        await deps.db
          .transaction()
          .execute((trx) => deps.gallery.ensureDefaultCollection(trx, who, iso()));
      }
      return (await repo.listOf(who, who !== viewerId)).map(toDto);
    },

    async get(id: string, viewerId: string | undefined) {
      const c = await repo.find(id);
      if (!c || (!c.isPublic && c.userId !== viewerId)) {
        throw new AppError('GALLERY_COLLECTION_NOT_FOUND');
      }
      return toDto(c);
    },

    async create(userId: string, input: { name: string; description?: string; isPublic: boolean }) {
      if ((await repo.countOf(userId)) >= MAX_COLLECTIONS) {
        throw new AppError('GALLERY_COLLECTIONS_FULL');
      }
      const id = newId();
      await repo.insert({ id, userId, ...input, at: iso() });
      return toDto((await repo.find(id))!);
    },

    async update(
      userId: string,
      id: string,
      patch: {
        name?: string;
        description?: string;
        isPublic?: boolean;
        coverImageId?: string | null;
      },
    ) {
      await owned(userId, id);
      if (patch.coverImageId && !(await repo.holds(id, patch.coverImageId))) {
        throw new AppError('GALLERY_NOT_FOUND', { message: '封面须是合集里的图片' });
      }
      await repo.update(userId, id, patch, iso());
      return toDto((await repo.find(id))!);
    },

    async remove(userId: string, id: string) {
      const c = await owned(userId, id);
      if (c.isDefault) throw new AppError('GALLERY_DEFAULT_COLLECTION');
      const defaultId = await deps.db
        .transaction()
        .execute((trx) => deps.gallery.ensureDefaultCollection(trx, userId, iso()));
      await repo.remove(userId, id, defaultId);
    },

    async move(userId: string, imageIds: string[], toCollectionId: string) {
      await owned(userId, toCollectionId);
      return { moved: await repo.move(userId, imageIds, toCollectionId) };
    },
  };
};
