import '../../../locales/areas/community';
import { ShareAltOutlined } from '@ant-design/icons';
import { GALLERY_CASE_NAME_MAX, GALLERY_TAGS_MAX, GALLERY_TITLE_MAX } from '@huijing/contracts';
import type { SelectProps } from 'antd';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Button, Checkbox, Form, Input, Modal, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountDialogs } from '../../../components/account-dialogs.store';
import { useCurrentUser } from '../../../components/use-session';
import { notify } from '../../../lib/notify';
import { casesQuery, galleryKeys, publishContextQuery, publishToGallery } from '../api/gallery.api';

/** Free tags typed and split at commas or spaces (a Form.Item passes value and onChange). */
export const TagsInput = (props: Pick<SelectProps<string[]>, 'value' | 'onChange'>) => {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      mode="tags"
      maxCount={GALLERY_TAGS_MAX}
      tokenSeparators={[',', '，', ' ']}
      placeholder={t('community.publish.tagsPlaceholder')}
      open={false}
    />
  );
};

type Values = { title: string; tags: string[]; includeBefore: boolean; project?: string };

/**
 * "发布到灵感广场" for one result picture (result panels, done pages, works): a title, tags and
 * whether to show the original as before/after; the answer says whether it is live or in review.
 * A work in a works project has that project preselected as 所属项目 (its case, linked to the
 * project); another name, or none, can still be chosen.
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
  const context = useQuery(publishContextQuery(taskId, open && signedIn));
  const worksProject = context.data?.project ?? null;
  const projectValue = Form.useWatch('project', form);
  const fromWorks = worksProject !== null && projectValue?.trim() === worksProject.name;

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const name = values.project?.trim() || undefined;
      // The works project's own name publishes into its linked case (kept across renames).
      const projectId = worksProject && name === worksProject.name ? worksProject.id : undefined;
      const r = await publishToGallery({
        taskId,
        index,
        ...values,
        project: projectId ? undefined : name,
        projectId,
      });
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
        {context.isPending && open ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : (
          <Form
            form={form}
            layout="vertical"
            initialValues={{
              title: defaultTitle.slice(0, GALLERY_TITLE_MAX),
              tags: [],
              includeBefore: false,
              project: worksProject?.name,
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
              <TagsInput />
            </Form.Item>
            <Form.Item
              name="project"
              label={t('community.publish.project')}
              extra={fromWorks ? t('community.publish.fromWorks') : undefined}
            >
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
        )}
      </Modal>
    </>
  );
};
