import { storage, storageKeys } from '../../../lib/storage-keys';

type Stored = { userId: string; collectionId: string };

const isStored = (v: unknown): v is Stored =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Stored).userId === 'string' &&
  typeof (v as Stored).collectionId === 'string';

/**
 * Spec §3 `defaultCollect`: the collection a heart files into, chosen by the person on this
 * device (「设为默认收藏位置」). Kept per account (the key survives logout, so another account on
 * the same device never files into it); absent means the server's 「默认收藏」.
 */
export const defaultCollect = {
  get(userId: string | undefined): string | undefined {
    const v = storage.get(storageKeys.defaultCollect);
    return userId && isStored(v) && v.userId === userId ? v.collectionId : undefined;
  },
  set(userId: string, collectionId: string | undefined) {
    if (collectionId) storage.set(storageKeys.defaultCollect, { userId, collectionId });
    else storage.remove(storageKeys.defaultCollect);
  },
  /** A collection that was deleted stops being the default. */
  forget(collectionId: string) {
    const v = storage.get(storageKeys.defaultCollect);
    if (isStored(v) && v.collectionId === collectionId) storage.remove(storageKeys.defaultCollect);
  },
};
