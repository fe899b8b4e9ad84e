import { CopyOutlined, ExportOutlined, FileTextOutlined } from '@ant-design/icons';
import type { PromptResult } from '@huijing/contracts';
import { getTool } from '@huijing/tools';
import { Button, Segmented, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalized } from '../../../components/use-localized';
import { notify } from '../../../lib/notify';
import { DEFAULT_TARGET, promptTargetHref, promptTargets } from '../model/prompt-targets';

const copy = async (text: string, done: string, failed: string) => {
  try {
    await navigator.clipboard.writeText(text);
    notify(done, 'success');
  } catch {
    notify(failed, 'error');
  }
};

const PromptBlock = ({ label, text, lang }: { label: string; text: string; lang: string }) => {
  const { t } = useTranslation();
  return (
    <section className="hj-prompts__block">
      <header>
        <h3>{label}</h3>
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined />}
          onClick={() => void copy(text, t('works.prompts.copied'), t('works.prompts.copyFailed'))}
        >
          {t('works.prompts.copy')}
        </Button>
      </header>
      <p lang={lang} data-testid={`prompt-${lang}`}>
        {text}
      </p>
    </section>
  );
};

/** The answer (Chinese, English, tags) and "使用这个提示词" into any tool with a prompt box. */
export const PromptResultPanel = ({
  result,
  pending,
}: {
  result: PromptResult | undefined;
  pending: boolean;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const navigate = useNavigate();
  const [target, setTarget] = useState(DEFAULT_TARGET);
  const [variant, setVariant] = useState<'zh' | 'en'>('zh');

  if (pending) {
    return (
      <div className="hj-prompts__result" aria-busy="true">
        <p className="hj-prompts__pending">{t('works.prompts.pending')}</p>
        <Skeleton active paragraph={{ rows: 4 }} />
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (!result) {
    return (
      <div className="hj-prompts__result hj-prompts__result--empty">
        <FileTextOutlined />
        <strong>{t('works.prompts.emptyTitle')}</strong>
        <span>{t('works.prompts.emptyBody')}</span>
      </div>
    );
  }
  const chosen = variant === 'en' && result.en ? result.en : result.zh || result.en;
  const tool = getTool(target) ?? promptTargets[0]!;
  return (
    <div className="hj-prompts__result" aria-live="polite">
      {result.zh ? <PromptBlock label={t('works.prompts.zh')} text={result.zh} lang="zh" /> : null}
      {result.en ? <PromptBlock label={t('works.prompts.en')} text={result.en} lang="en" /> : null}
      {result.tags.length > 0 ? (
        <div className="hj-prompts__tags">
          {result.tags.map((tag) => (
            <Tag key={tag} color="geekblue">
              {tag}
            </Tag>
          ))}
        </div>
      ) : null}
      <div className="hj-prompts__use">
        <h3>{t('works.prompts.useTitle')}</h3>
        <div className="hj-prompts__use-row">
          {result.zh && result.en ? (
            <Segmented
              value={variant}
              onChange={(v) => setVariant(v as 'zh' | 'en')}
              options={[
                { label: t('works.prompts.useZh'), value: 'zh' },
                { label: t('works.prompts.useEn'), value: 'en' },
              ]}
            />
          ) : null}
          <Select
            className="hj-prompts__target"
            showSearch
            optionFilterProp="label"
            aria-label={t('works.prompts.target')}
            value={tool.id}
            onChange={setTarget}
            options={promptTargets.map((x) => ({ value: x.id, label: pick(x.name) }))}
          />
          <Button
            type="primary"
            icon={<ExportOutlined />}
            onClick={() => void navigate(promptTargetHref(tool, chosen))}
          >
            {t('works.prompts.use')}
          </Button>
        </div>
      </div>
    </div>
  );
};
