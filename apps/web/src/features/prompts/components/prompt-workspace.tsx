import { ApiOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { promptStatusQuery } from '../api/prompts.api';
import '../prompts.css';

/** Shared frame of both prompt tools: title, model status, input card and result card. */
export const PromptWorkspace = ({
  kind,
  input,
  result,
}: {
  kind: 'text' | 'image';
  input: (available: boolean) => ReactNode;
  result: ReactNode;
}) => {
  const { t } = useTranslation();
  const status = useQuery(promptStatusQuery());
  const available = status.data?.available === true;
  const other = kind === 'text' ? '/img2prompt' : '/text2prompt';
  return (
    <div className="hj-prompts">
      <header className="hj-prompts__head">
        <div>
          <span className="hj-prompts__eyebrow">{t('works.prompts.eyebrow')}</span>
          <h1>{t(`works.prompts.${kind}.title`)}</h1>
          <p>{t(`works.prompts.${kind}.subtitle`)}</p>
        </div>
        <div className="hj-prompts__meta">
          <Tag color="green">{t('works.prompts.free')}</Tag>
          <Link to={other}>{t(`works.prompts.${kind}.other`)}</Link>
        </div>
      </header>
      {status.isSuccess && !available ? (
        <Alert
          className="hj-prompts__status"
          type="warning"
          showIcon
          icon={<ApiOutlined />}
          message={t('works.prompts.unconfiguredTitle')}
          description={status.data.reason ?? t('works.prompts.unconfiguredBody')}
        />
      ) : null}
      {status.isError ? (
        <Alert
          className="hj-prompts__status"
          type="error"
          showIcon
          message={t('works.prompts.statusError')}
        />
      ) : null}
      <div className="hj-prompts__grid">
        <div className="hj-prompts__card">{input(available)}</div>
        <div className="hj-prompts__card">{result}</div>
      </div>
    </div>
  );
};
