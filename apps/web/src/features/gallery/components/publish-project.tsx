import { FolderOpenOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { galleryKeys, publishProject, worksProjectsQuery } from '../api/gallery.api';
import { TagsInput } from './publish-action';

type Values = { projectId: string; tags: string[] };

/**
 * 发布作品项目 on 我的案例: a whole works project (folders) published as one case —
 * its finished works' result pictures, titled by the project; publishing again repeats nothing.
 */
export const PublishProjectButton = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const projects = useQuery(worksProjectsQuery(open));
  const list = projects.data?.list ?? [];

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const r = await publishProject(values);
      await client.invalidateQueries({ queryKey: galleryKeys.all });
      setOpen(false);
      Modal.success({
        title: t('community.publishProject.done', { n: r.published }),
        content: [
          r.pendingReview > 0 ? t('community.publishProject.review', { n: r.pendingReview }) : '',
          r.leftOut > 0 ? t('community.publishProject.leftOut', { n: r.leftOut }) : '',
        ]
          .filter(Boolean)
          .join('；'),
        okText: t('community.publishProject.view'),
        onOk: () => navigate(`/insHomeByCase/${r.caseId}`),
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
        icon={<FolderOpenOutlined />}
        data-testid="publish-works-project"
        onClick={() => setOpen(true)}
      >
        {t('community.publishProject.button')}
      </Button>
      <Modal
        open={open}
        title={t('community.publishProject.title')}
        okText={t('community.publishProject.submit')}
        okButtonProps={{ disabled: list.length === 0 }}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {projects.isSuccess && list.length === 0 ? (
          <Empty description={t('community.publishProject.none')} />
        ) : (
          <Form
            form={form}
            layout="vertical"
            initialValues={{ tags: [] }}
            onFinish={(v) => void submit(v)}
          >
            <Form.Item
              name="projectId"
              label={t('community.publishProject.project')}
              rules={[{ required: true, message: t('community.publishProject.projectRequired') }]}
            >
              <Select
                loading={projects.isPending}
                data-testid="publish-works-project-select"
                options={list.map((p) => ({
                  value: p.id,
                  label: `${p.name}（${t('community.publishProject.count', { n: p.count })}）`,
                }))}
              />
            </Form.Item>
            <Form.Item name="tags" label={t('community.publishProject.tags')}>
              <TagsInput />
            </Form.Item>
            <p className="hj-muted">{t('community.publishProject.note')}</p>
          </Form>
        )}
      </Modal>
    </>
  );
};
