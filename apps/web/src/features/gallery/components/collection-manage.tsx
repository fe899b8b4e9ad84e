import {
  DeleteOutlined,
  EditOutlined,
  PictureOutlined,
  PlusOutlined,
  StarOutlined,
} from '@ant-design/icons';
import type { GalleryCollection } from '@huijing/contracts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Form, Input, Modal, Select, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import { defaultCollect } from '../api/default-collect';
import {
  collectionsQuery,
  createCollection,
  deleteCollection,
  galleryKeys,
  galleryPageQuery,
  moveToCollection,
  setCollected,
  updateCollection,
} from '../api/gallery.api';

type Info = { name: string; description: string; isPublic: boolean };

/** Name, description and visibility of a collection, new or existing. */
const InfoModal = ({
  open,
  title,
  initial,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: Info;
  onSave: (v: Info) => Promise<void>;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Info>();
  const [busy, setBusy] = useState(false);
  const save = async (v: Info) => {
    setBusy(true);
    try {
      await onSave({ ...v, name: v.name.trim(), description: (v.description ?? '').trim() });
      onClose();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('community.manage.save')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void save(v)}>
        <Form.Item
          name="name"
          label={t('community.manage.name')}
          rules={[
            { required: true, whitespace: true, message: t('community.manage.nameRequired') },
          ]}
        >
          <Input maxLength={20} showCount />
        </Form.Item>
        <Form.Item name="description" label={t('community.manage.description')}>
          <Input.TextArea
            maxLength={200}
            showCount
            rows={3}
            placeholder={t('community.manage.descriptionPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="isPublic"
          label={t('community.manage.public')}
          valuePropName="checked"
          extra={t('community.manage.publicHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** 新建合集 on the designer's collections tab. */
export const NewCollectionButton = () => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {t('community.manage.create')}
      </Button>
      <InfoModal
        open={open}
        title={t('community.manage.create')}
        initial={{ name: '', description: '', isPublic: true }}
        onClose={() => setOpen(false)}
        onSave={async (v) => {
          await createCollection(v);
          await client.invalidateQueries({ queryKey: galleryKeys.all });
          notify(t('community.manage.created'), 'success');
        }}
      />
    </>
  );
};

/**
 * The pictures of one collection with check boxes, in place of the waterfall: set the cover,
 * move to another collection, or take them out (un-collect). Shares the waterfall's cached pages.
 */
const PicturesPanel = ({
  collection,
  onClose,
}: {
  collection: GalleryCollection;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const pages = useInfiniteQuery(galleryPageQuery({ collectionId: collection.id }));
  const mine = useQuery(collectionsQuery(undefined));
  const pictures = (pages.data?.pages ?? []).flatMap((p) => p.list);
  const [picked, setPicked] = useState<string[]>([]);
  const [target, setTarget] = useState<string>();
  const [busy, setBusy] = useState(false);
  const others = (mine.data ?? []).filter((c) => c.id !== collection.id);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      setPicked([]);
      await client.invalidateQueries({ queryKey: galleryKeys.all });
      notify(done, 'success');
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  const targetName = others.find((c) => c.id === target)?.name ?? '';
  const toggle = (id: string) =>
    setPicked((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));

  return (
    <section
      className="hj-manage__panel"
      data-testid="manage-panel"
      aria-label={t('community.manage.picturesTitle', { name: collection.name })}
    >
      <div className="hj-manage__panel-head">
        <h2>{t('community.manage.picturesTitle', { name: collection.name })}</h2>
        <Button type="primary" onClick={onClose}>
          {t('community.manage.done')}
        </Button>
      </div>
      <Space wrap className="hj-manage__actions">
        <span className="hj-muted">{t('community.manage.picked', { n: picked.length })}</span>
        <Button
          icon={<StarOutlined />}
          disabled={picked.length !== 1 || busy}
          onClick={() =>
            void run(
              () => updateCollection(collection.id, { coverImageId: picked[0]! }),
              t('community.manage.coverSet'),
            )
          }
        >
          {t('community.manage.setCover')}
        </Button>
        <Select
          aria-label={t('community.manage.moveTo')}
          placeholder={t('community.manage.moveTo')}
          style={{ width: 180 }}
          value={target}
          onChange={setTarget}
          options={others.map((c) => ({ value: c.id, label: c.name }))}
        />
        <Button
          disabled={picked.length === 0 || !target || busy}
          onClick={() =>
            void run(
              () => moveToCollection(picked, target!),
              t('community.manage.moved', { n: picked.length, name: targetName }),
            )
          }
        >
          {t('community.manage.move')}
        </Button>
        <Button
          danger
          disabled={picked.length === 0 || busy}
          onClick={() =>
            Modal.confirm({
              title: t('community.manage.removeTitle'),
              content: t('community.manage.removeSentence', {
                n: picked.length,
                name: collection.name,
              }),
              okText: t('community.manage.removeOk'),
              okButtonProps: { danger: true },
              cancelText: t('community.manage.cancel'),
              onOk: () =>
                run(
                  () => Promise.all(picked.map((id) => setCollected(id, false))),
                  t('community.manage.removed', { n: picked.length }),
                ),
            })
          }
        >
          {t('community.manage.remove')}
        </Button>
      </Space>
      {pictures.length === 0 && !pages.isPending ? (
        <Empty description={t('community.list.empty')} />
      ) : (
        // Each box is checked from `picked` itself (no Checkbox.Group: it keeps its own list of
        // registered boxes, and a pick made while the list re-rendered could be dropped).
        <div className="hj-manage__grid" role="group" aria-label={t('community.manage.pick')}>
          {pictures.map((p) => (
            <div key={p.id} className="hj-manage__pic" data-testid="manage-picture">
              <img src={p.thumbUrl} alt={p.title} loading="lazy" onClick={() => toggle(p.id)} />
              <Checkbox
                checked={picked.includes(p.id)}
                onChange={() => toggle(p.id)}
                aria-label={p.title}
              />
              <span className="hj-manage__title">{p.title}</span>
            </div>
          ))}
        </div>
      )}
      {pages.hasNextPage ? (
        <div className="hj-cases__more">
          <Button loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {t('community.cases.more')}
          </Button>
        </div>
      ) : null}
    </section>
  );
};

/**
 * The owner's tools on a collection page: edit name, description and visibility, manage its
 * pictures, make it where hearts go on this device (spec §3 defaultCollect), delete it (its
 * pictures go back to 默认收藏, still collected).
 */
export const CollectionManageBar = ({
  collection,
  managing,
  onManaging,
}: {
  collection: GalleryCollection;
  /** The picture panel replaces the page's waterfall while open. */
  managing: boolean;
  onManaging: (open: boolean) => void;
}) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [, rerender] = useState(0);
  if (!user || user.id !== collection.owner.id) return null;
  const chosen = defaultCollect.get(user.id);
  const isTarget = chosen ? chosen === collection.id : collection.isDefault;

  return (
    <div className="hj-manage">
      {collection.description ? <p className="hj-manage__desc">{collection.description}</p> : null}
      <Space wrap>
        {collection.isPublic ? null : <Tag>{t('community.collections.private')}</Tag>}
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
          {t('community.manage.edit')}
        </Button>
        <Button
          icon={<PictureOutlined />}
          type={managing ? 'primary' : 'default'}
          onClick={() => onManaging(!managing)}
        >
          {t('community.manage.pictures')}
        </Button>
        {isTarget ? (
          <Tag color="purple">{t('community.manage.isTarget')}</Tag>
        ) : (
          <Button
            onClick={() => {
              defaultCollect.set(user.id, collection.isDefault ? undefined : collection.id);
              rerender((n) => n + 1);
              notify(t('community.manage.targetSet', { name: collection.name }), 'success');
            }}
          >
            {t('community.manage.makeTarget')}
          </Button>
        )}
        {collection.isDefault ? null : (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() =>
              Modal.confirm({
                title: t('community.manage.deleteTitle'),
                content: t('community.manage.deleteSentence', {
                  name: collection.name,
                  n: collection.count,
                }),
                okText: t('community.manage.deleteOk'),
                okButtonProps: { danger: true },
                cancelText: t('community.manage.cancel'),
                onOk: async () => {
                  await deleteCollection(collection.id);
                  defaultCollect.forget(collection.id);
                  notify(t('community.manage.deleted'), 'success');
                  // Leave the page first so nothing asks for the deleted collection again.
                  await navigate('/casemineByCollect');
                  await new Promise((r) => setTimeout(r, 0));
                  client.removeQueries({ queryKey: galleryKeys.collection(collection.id) });
                  client.removeQueries({
                    queryKey: galleryKeys.page({ collectionId: collection.id }),
                  });
                  await client.invalidateQueries({ queryKey: galleryKeys.all });
                },
              })
            }
          >
            {t('community.manage.delete')}
          </Button>
        )}
      </Space>
      <InfoModal
        open={editing}
        title={t('community.manage.edit')}
        initial={{
          name: collection.name,
          description: collection.description,
          isPublic: collection.isPublic,
        }}
        onClose={() => setEditing(false)}
        onSave={async (v) => {
          await updateCollection(collection.id, v);
          await client.invalidateQueries({ queryKey: galleryKeys.all });
          notify(t('community.manage.saved'), 'success');
        }}
      />
      {managing ? (
        <PicturesPanel collection={collection} onClose={() => onManaging(false)} />
      ) : null}
    </div>
  );
};
