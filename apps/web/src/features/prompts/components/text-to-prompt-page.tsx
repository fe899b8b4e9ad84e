import { BulbOutlined } from '@ant-design/icons';
import type { PromptStyle } from '@huijing/contracts';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textToPrompt } from '../api/prompts.api';
import { PromptResultPanel } from './prompt-result';
import { PromptWorkspace } from './prompt-workspace';
import { StylePicker } from './style-picker';
import { usePromptRun } from './use-prompt-run';
import { AutoTextArea } from '../../../components/auto-text-area';

const examples = ['examples.living', 'examples.tea', 'examples.villa', 'examples.park'] as const;

/** /text2prompt: a short Chinese idea expanded into a detailed rendering prompt. */
export const TextToPromptPage = () => {
  const { t } = useTranslation();
  const [idea, setIdea] = useState('');
  const [style, setStyle] = useState<PromptStyle>('interior');
  const run = usePromptRun(
    (a: { idea: string; style: PromptStyle }) => textToPrompt(a.idea, a.style),
    '/text2prompt',
  );
  const tooShort = idea.trim().length < 2;
  return (
    <PromptWorkspace
      kind="text"
      input={(available) => (
        <form
          className="hj-prompts__form"
          onSubmit={(e) => {
            e.preventDefault();
            if (available && !tooShort) run.start({ idea: idea.trim(), style });
          }}
        >
          <label className="hj-prompts__field">
            <span className="hj-prompts__label">{t('works.prompts.text.label')}</span>
            <AutoTextArea
              value={idea}
              onChange={(e) => setIdea(e.target.value)}
              placeholder={t('works.prompts.text.placeholder')}
              minRows={4}
              maxRows={10}
              maxLength={500}
              showCount
              disabled={!available}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.metaKey || e.ctrlKey))
                  e.currentTarget.form?.requestSubmit();
              }}
            />
          </label>
          <div className="hj-prompts__examples">
            <span>{t('works.prompts.text.try')}</span>
            {examples.map((k) => (
              <button
                key={k}
                type="button"
                disabled={!available}
                onClick={() => setIdea(t(`works.prompts.text.${k}`))}
              >
                {t(`works.prompts.text.${k}`)}
              </button>
            ))}
          </div>
          <StylePicker value={style} onChange={setStyle} />
          {run.error ? <Alert type="error" showIcon message={run.error} /> : null}
          <Button
            type="primary"
            size="large"
            htmlType="submit"
            block
            icon={<BulbOutlined />}
            loading={run.pending}
            disabled={!available || tooShort}
          >
            {run.signedIn ? t('works.prompts.text.start') : t('works.prompts.signInToStart')}
          </Button>
          <p className="hj-prompts__hint">{t('works.prompts.hint')}</p>
        </form>
      )}
      result={<PromptResultPanel result={run.result} pending={run.pending} />}
    />
  );
};
