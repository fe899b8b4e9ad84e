import '../../../locales/areas/community';
import { ShareAltOutlined } from '@ant-design/icons';
import { GALLERY_CASE_NAME_MAX, GALLERY_TAGS_MAX, GALLERY_TITLE_MAX } from '@huijing/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Button, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import { casesQuery, galleryKeys, publishToGallery } from '../api/gallery.api';

type Values = { title: string; tags: string[]; includeBefore: boolean; project?: string };

/**
 * "发布到灵感广场" for one result picture (result panels, done pages, works): a title, tags and
 * whether to show the original as before/after; the answer says whether it is live or in review.
 */
export const PublishAction = ({
  taskId,
  index = 0,
  defaultTitle = '',
  hasBefore = true,
  size = 'middle',
  block = false,
}: {
  taskId: string;
  index?: number;
  defaultTitle?: string;
  hasBefore?: boolean;
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { signedIn } = useCurrentUser();
  const openLogin = useAccountDialogs((s) => s.openLogin);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  // The author's existing projects, offered while typing (a new name makes a new case).
  const projects = useInfiniteQuery(casesQuery({ scope: 'mine' }, open && signedIn));
  const projectNames = (projects.data?.pages ?? []).flatMap((p) => p.list.map((c) => c.name));

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const project = values.project?.trim() || undefined;
      const r = await publishToGallery({ taskId, index, ...values, project });
      await client.invalidateQueries({ queryKey: galleryKeys.all });
      setOpen(false);
      Modal.success({
        title:
          r.status === 'published' ? t('community.publish.done') : t('community.publish.review'),
        content: r.statusMessage,
        okText: t('community.publish.view'),
        onOk: () => navigate(`/findPage#image-${r.id}`),
        closable: true,
      });
    } catch (e) {
      notify((e instanceof Error && e.message) || t('community.publish.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size={size}
        block={block}
        icon={<ShareAltOutlined />}
        data-testid="publish-to-gallery"
        onClick={() => (signedIn ? setOpen(true) : openLogin())}
      >
        {t('community.publish.button')}
      </Button>
      <Modal
        open={open}
        title={t('community.publish.title')}
        okText={t('community.publish.submit')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            title: defaultTitle.slice(0, GALLERY_TITLE_MAX),
            tags: [],
            includeBefore: false,
          }}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item
            name="title"
            label={t('community.publish.titleLabel')}
            rules={[
              { required: true, whitespace: true, message: t('community.publish.titleRequired') },
            ]}
          >
            <Input
              maxLength={GALLERY_TITLE_MAX}
              showCount
              placeholder={t('community.publish.titlePlaceholder')}
            />
          </Form.Item>
          <Form.Item name="tags" label={t('community.publish.tags')}>
            <Select
              mode="tags"
              maxCount={GALLERY_TAGS_MAX}
              tokenSeparators={[',', '，', ' ']}
              placeholder={t('community.publish.tagsPlaceholder')}
              open={false}
            />
          </Form.Item>
          <Form.Item name="project" label={t('community.publish.project')}>
            <AutoComplete
              options={projectNames.map((value) => ({ value }))}
              filterOption={(input, option) => String(option?.value ?? '').includes(input)}
            >
              <Input
                maxLength={GALLERY_CASE_NAME_MAX}
                placeholder={t('community.publish.projectPlaceholder')}
              />
            </AutoComplete>
          </Form.Item>
          {hasBefore ? (
            <Form.Item name="includeBefore" valuePropName="checked">
              <Checkbox>{t('community.publish.includeBefore')}</Checkbox>
            </Form.Item>
          ) : null}
          <p className="hj-muted">{t('community.publish.note')}</p>
        </Form>
      </Modal>
    </>
  );
};
