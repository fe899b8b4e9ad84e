import { BulbOutlined, CheckOutlined } from '@ant-design/icons';
import { classifyGroups, flattenClassify } from '@huijing/contracts';
import { aspectSize, imageAspects } from '@huijing/tools';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { AutoTextArea } from '../../../components/auto-text-area';
import { useLocalized } from '../../../components/use-localized';
import { classifyQuery } from '../api/tools.api';
import { PromptSuggestions } from '../components/prompt-suggestions';
import { noneSwatch, styleSwatch } from '../components/style-swatch';
import type { OverrideProps } from '../overrides/override-types';
import {
  examplePrompts,
  imageSuggestions,
  nextExample,
  ratioBox,
  videoSuggestions,
} from './generation-model';
import './generation.css';

const PROMPT_MAX = 1000;

/** The prompt with one-tap Chinese phrases and "inspire me". */
const PromptBox = ({ tool, values, setParam }: OverrideProps) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const widget = tool.widgets.promptTxt;
  if (!widget) return null;
  const video = tool.ticketType === 4;
  const prompt = typeof values.promptTxt === 'string' ? values.promptTxt : '';
  const groups = video ? videoSuggestions : imageSuggestions;
  const examples = video ? examplePrompts.video : examplePrompts.image;
  return (
    <div className="hj-tool-field hj-gen-prompt" data-param="promptTxt">
      <div className="hj-tool-field__head">
        <label htmlFor="hj-param-promptTxt" className="hj-tool-field__label">
          {pick(widget.label)}
        </label>
        <Button
          size="small"
          type="link"
          icon={<BulbOutlined />}
          onClick={() => setParam('promptTxt', nextExample(examples, prompt))}
        >
          {t('generation.suggest.inspire')}
        </Button>
      </div>
      <AutoTextArea
        id="hj-param-promptTxt"
        value={prompt}
        onChange={(e) => setParam('promptTxt', e.target.value)}
        placeholder={widget.help ? pick(widget.help) : undefined}
        minRows={3}
        maxRows={8}
        maxLength={PROMPT_MAX}
        showCount
        status={prompt.trim() ? undefined : 'warning'}
      />
      <PromptSuggestions
        groups={groups}
        prompt={prompt}
        onChange={(next) => setParam('promptTxt', next)}
        max={PROMPT_MAX}
      />
    </div>
  );
};

/** Ratio chips: each draws its shape, and image tools show the pixel size asked for. */
const RatioChips = ({ tool, values, setParam }: OverrideProps) => {
  const pick = useLocalized();
  const widget = tool.widgets.aspectRatio;
  if (!widget?.options) return null;
  const showSize = tool.capability === 'text-to-image';
  return (
    <div className="hj-tool-field" data-param="aspectRatio">
      <div className="hj-tool-field__head">
        <span className="hj-tool-field__label" id="hj-ratio-label">
          {pick(widget.label)}
        </span>
      </div>
      <div className="hj-gen-ratios" role="radiogroup" aria-labelledby="hj-ratio-label">
        {widget.options.map((o) => {
          const ratio = String(o.value);
          const box = ratioBox(ratio);
          const size = ratio in imageAspects ? aspectSize(ratio) : undefined;
          const checked = values.aspectRatio === o.value;
          const [name, hint] = pick(o.label).split(' ');
          return (
            <button
              key={ratio}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={pick(o.label)}
              className={`hj-gen-ratio${checked ? ' is-on' : ''}`}
              onClick={() => setParam('aspectRatio', o.value)}
            >
              <span className="hj-gen-ratio__shape" style={box} aria-hidden />
              <strong>{name}</strong>
              <small>{showSize && size ? `${size.width}×${size.height}` : (hint ?? '')}</small>
            </button>
          );
        })}
      </div>
    </div>
  );
};

/** Style presets as cards: the catalogue's image styles with a cover or a drawn swatch. */
const StyleCards = ({ tool, values, setParam }: OverrideProps) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const widget = tool.widgets.style;
  const { data, isPending, isError } = useQuery(classifyQuery());
  if (!widget?.catalog) return null;
  const group = data?.[classifyGroups[widget.catalog]];
  const styles = group ? flattenClassify(group) : [];
  const current = typeof values.style === 'string' ? values.style : '';
  const card = (id: string, name: string, background: string, cover?: string | null) => {
    const on = current === id;
    return (
      <button
        key={id || 'none'}
        type="button"
        role="radio"
        aria-checked={on}
        className={`hj-gen-style${on ? ' is-on' : ''}`}
        onClick={() => setParam('style', id)}
        data-style={id}
      >
        <span
          className="hj-gen-style__pic"
          style={cover ? { backgroundImage: `url(${cover})` } : { background }}
          aria-hidden
        >
          {on ? <CheckOutlined /> : null}
        </span>
        <span className="hj-gen-style__name">{name}</span>
      </button>
    );
  };
  return (
    <div className="hj-tool-field" data-param="style">
      <div className="hj-tool-field__head">
        <span className="hj-tool-field__label" id="hj-style-label">
          {pick(widget.label)}
        </span>
      </div>
      {isPending ? (
        <Skeleton.Button active block style={{ height: 96 }} />
      ) : isError || styles.length === 0 ? (
        <p className="hj-tool-field__note">{t('tools.form.catalogFailed')}</p>
      ) : (
        <div className="hj-gen-styles" role="radiogroup" aria-labelledby="hj-style-label">
          {card('', t('generation.style.none'), noneSwatch)}
          {styles.map((s) =>
            card(
              s.id,
              pick({ 'zh-CN': s.name, 'en-US': s.nameEn ?? s.name }),
              styleSwatch(s.id),
              s.cover,
            ),
          )}
        </div>
      )}
    </div>
  );
};

/**
 * The generation tools' own card: prompt with suggestions, ratio chips and style cards. The
 * generated form below keeps the rest (count, negative prompt, seed, duration…).
 */
export const GenerationPanel = (props: OverrideProps) => {
  const { t } = useTranslation();
  return (
    <section className="hj-ws-card hj-gen" aria-label={t('generation.panel')}>
      <header className="hj-ws-card__head">
        <h2>{t('generation.panel')}</h2>
        <small>{t('generation.panelHint')}</small>
      </header>
      <div className="hj-tool-form">
        <PromptBox {...props} />
        <RatioChips {...props} />
        <StyleCards {...props} />
      </div>
    </section>
  );
};
