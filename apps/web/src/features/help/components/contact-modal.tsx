import { feedbackCategories, type FeedbackBody } from '@huijing/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Result, Select, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useHelpDialogs } from '../../../components/help-dialogs.store';
import { useCurrentUser } from '../../../components/use-session';
import { formatDateTime } from '../../../lib/format';
import { helpApi, helpKeys, myFeedbackQuery, supportInfoQuery } from '../api/help.api';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** 联系客服: the operator's contact details and a feedback form whose answers come back here. */
export const ContactModal = () => {
  const { t } = useTranslation();
  const { open, close } = useHelpDialogs();
  const location = useLocation();
  const { signedIn } = useCurrentUser();
  const queryClient = useQueryClient();
  const info = useQuery({ ...supportInfoQuery(), enabled: open === 'contact' });
  const mine = useQuery(myFeedbackQuery(open === 'contact' && signedIn));
  const [form] = Form.useForm<FeedbackBody>();
  const [shot, setShot] = useState<{ url: string; name: string } | undefined>();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const result = await helpApi.uploadScreenshot(await readAsDataUrl(file));
      return { url: result.url, name: file.name };
    },
    onSuccess: setShot,
  });
  const send = useMutation({
    mutationFn: async (values: FeedbackBody) => {
      const envelope = await helpApi.sendFeedback({
        ...values,
        ...(shot && { screenshot: shot.url }),
        page: location.pathname,
      });
      if (!envelope.success) throw new Error(envelope.message);
    },
    onSuccess: () => {
      setSent(true);
      setError(undefined);
      form.resetFields();
      setShot(undefined);
      void queryClient.invalidateQueries({ queryKey: helpKeys.myFeedback });
    },
    onError: (e: Error) => setError(e.message),
  });

  const contact = info.data?.contact;
  const details = contact
    ? [
        [t('help.contact.wechatId'), contact.wechatId],
        [t('help.contact.phone'), contact.phone],
        [t('help.contact.email'), contact.email],
        [t('help.contact.hours'), contact.hours],
      ].filter(([, v]) => v)
    : [];

  const formTab = sent ? (
    <Result
      status="success"
      title={t('help.feedback.sentTitle')}
      subTitle={t('help.feedback.sentBody')}
      extra={<Button onClick={() => setSent(false)}>{t('help.feedback.another')}</Button>}
    />
  ) : (
    <Form form={form} layout="vertical" onFinish={(v) => send.mutate(v)} requiredMark={false}>
      <Form.Item
        name="category"
        label={t('help.feedback.category')}
        rules={[{ required: true, message: t('help.feedback.categoryRequired') }]}
      >
        <Select
          placeholder={t('help.feedback.categoryPlaceholder')}
          options={feedbackCategories.map((c) => ({ value: c, label: t(`help.categories.${c}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="text"
        label={t('help.feedback.text')}
        rules={[
          { required: true, message: t('help.feedback.textRequired') },
          { min: 5, message: t('help.feedback.textRequired') },
        ]}
      >
        <Input.TextArea
          rows={4}
          maxLength={2000}
          showCount
          placeholder={t('help.feedback.textPlaceholder')}
        />
      </Form.Item>
      {signedIn ? (
        <Form.Item label={t('help.feedback.screenshot')}>
          <label className="hj-help__file">
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-label={t('help.feedback.screenshot')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) upload.mutate(file);
                e.target.value = '';
              }}
            />
            <span>
              {upload.isPending ? t('help.feedback.uploading') : t('help.feedback.choose')}
            </span>
          </label>
          {shot ? (
            <Tag closable onClose={() => setShot(undefined)} className="hj-help__shot">
              {shot.name}
            </Tag>
          ) : null}
        </Form.Item>
      ) : null}
      <Form.Item name="contact" label={t('help.feedback.contact')}>
        <Input maxLength={100} placeholder={t('help.feedback.contactPlaceholder')} />
      </Form.Item>
      {error ? <Alert type="error" showIcon message={error} className="hj-help__error" /> : null}
      <Button type="primary" htmlType="submit" block loading={send.isPending}>
        {t('help.feedback.submit')}
      </Button>
    </Form>
  );

  const answers = mine.data?.list ?? [];
  return (
    <Modal
      open={open === 'contact'}
      onCancel={close}
      footer={null}
      title={t('help.contact.title')}
      width={560}
      destroyOnHidden
    >
      <div className="hj-help__contact">
        {contact?.wechatQrUrl ? (
          <img
            src={contact.wechatQrUrl}
            alt={t('help.contact.qrAlt')}
            width={120}
            height={120}
            className="hj-help__qr"
          />
        ) : null}
        <dl className="hj-help__details">
          {details.length === 0 && !info.isPending ? <dd>{t('help.contact.none')}</dd> : null}
          {details.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </div>
      <Tabs
        items={[
          { key: 'form', label: t('help.feedback.tab'), children: formTab },
          ...(signedIn
            ? [
                {
                  key: 'mine',
                  label: t('help.feedback.mine', { n: mine.data?.total ?? 0 }),
                  children:
                    answers.length === 0 ? (
                      <p className="hj-help__empty">{t('help.feedback.mineEmpty')}</p>
                    ) : (
                      <ul className="hj-help__mine">
                        {answers.map((m) => (
                          <li key={m.id}>
                            <div className="hj-help__mine-head">
                              <Tag>{t(`help.categories.${m.category}`)}</Tag>
                              <span>{formatDateTime(m.createdAt)}</span>
                              <Tag color={m.status === 'answered' ? 'green' : 'default'}>
                                {t(`help.feedback.status.${m.status}`)}
                              </Tag>
                            </div>
                            <p>{m.text}</p>
                            {m.answer ? (
                              <p className="hj-help__answer">
                                {t('help.feedback.answer')}
                                {m.answer}
                              </p>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Modal>
  );
};
