import type { ToolDefinition, Widget } from '@huijing/tools';
import { useQuery } from '@tanstack/react-query';
import type { SelectProps } from 'antd';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/antd-look';
import { lazyPart } from '../../../components/lazy-part';
import {
  ChoiceGroup,
  CountedTextArea,
  NumberInput,
  RangeInput,
  SwitchButton,
} from '../../../components/plain-controls';
import { useLocalized } from '../../../components/use-localized';
import { materialsQuery } from '../api/tools.api';
import { suggestionSetFor } from './prompt-phrases';
import { PromptSuggestions, useSuggestionGroups } from './prompt-suggestions';
import { StylePicker } from './style-picker';

interface FieldProps {
  name: string;
  widget: Widget;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The tool the field belongs to: its prompt box offers phrases that fit the tool. */
  tool?: Pick<ToolDefinition, 'family' | 'widgets'>;
}

const PROMPT_MAX = 1000;

// antd's Select (rc-select and its virtual list, ~21 KB brotli) comes when a form first shows a
// select: most tools' selects sit in the closed 高级设置 panel, so the tool page's first load
// does without it. Until it is in, a skeleton of the same height holds its place.
const Select = lazyPart<SelectProps>(
  () => import('antd/es/select').then((m) => m.default as ComponentType<SelectProps>),
  (props) => <Skeleton.Input block size={props.size === 'small' ? 'small' : 'default'} />,
);

/** The prompt box with one-tap phrases for the tool's subject (prompt-phrases.ts). */
const PromptField = ({ widget, value, onChange, tool, id }: FieldProps & { id: string }) => {
  const pick = useLocalized();
  const groups = useSuggestionGroups(tool ? suggestionSetFor(tool) : undefined);
  const prompt = typeof value === 'string' ? value : '';
  return (
    <>
      <CountedTextArea
        id={id}
        value={prompt}
        onChange={onChange}
        placeholder={widget.help ? pick(widget.help) : undefined}
        minRows={3}
        maxRows={8}
        maxLength={PROMPT_MAX}
      />
      <PromptSuggestions groups={groups} prompt={prompt} onChange={onChange} max={PROMPT_MAX} />
    </>
  );
};

const MaterialPicker = ({ value, onChange }: FieldProps) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  const { data, isPending, isError } = useQuery(materialsQuery());
  const [category, setCategory] = useState<string | undefined>();
  if (isPending) return <Skeleton.Button block style={{ height: 120 }} />;
  if (isError || !data?.length)
    return <p className="hj-tool-field__note">{t('tools.form.catalogFailed')}</p>;
  const active = data.find((c) => c.id === category) ?? data[0]!;
  return (
    <div className="hj-materials">
      <Select
        size="small"
        value={active.id}
        onChange={setCategory}
        options={data.map((c) => ({
          value: c.id,
          label: pick({ 'zh-CN': c.name, 'en-US': c.nameEn }),
        }))}
        style={{ width: '100%' }}
      />
      <div className="hj-materials__grid" role="listbox" aria-label={t('tools.form.material')}>
        {active.materials.map((m) => {
          const selected = value === m.id;
          return (
            <button
              key={m.id}
              type="button"
              role="option"
              aria-selected={selected}
              title={m.name}
              className={`hj-materials__item${selected ? ' is-selected' : ''}`}
              onClick={() => onChange(selected ? '' : m.id)}
            >
              <img src={m.swatch.image} alt="" />
              <span>{m.name}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
};

/** One parameter, drawn from its widget hint. */
export const ParamField = (props: FieldProps) => {
  const { name, widget, value, onChange } = props;
  const { t } = useTranslation();
  const pick = useLocalized();
  const id = `hj-param-${name}`;
  const labelId = `${id}-label`;
  const options = (widget.options ?? []).map((o) => ({ value: o.value, label: pick(o.label) }));
  let control: React.ReactNode;
  switch (widget.kind) {
    case 'slider': {
      const n = typeof value === 'number' ? value : 0;
      control = (
        <div className="hj-tool-slider">
          <RangeInput
            id={id}
            min={widget.min}
            max={widget.max}
            step={widget.step}
            value={n}
            onChange={onChange}
          />
          <NumberInput
            size="small"
            aria-label={pick(widget.label)}
            min={widget.min}
            max={widget.max}
            step={widget.step}
            value={n}
            onChange={onChange}
          />
        </div>
      );
      break;
    }
    case 'select':
      control = (
        <Select
          id={id}
          value={value ?? undefined}
          placeholder={t('tools.form.choose', { label: pick(widget.label) })}
          options={options}
          onChange={onChange}
        />
      );
      break;
    case 'segmented':
      control = (
        <ChoiceGroup
          aria-labelledby={labelId}
          value={value as string | number | undefined}
          options={options}
          onChange={onChange}
        />
      );
      break;
    case 'switch':
      control = <SwitchButton id={id} checked={Boolean(value)} onChange={onChange} />;
      break;
    case 'number':
      control = (
        <NumberInput
          id={id}
          min={widget.min}
          max={widget.max}
          step={widget.step}
          value={typeof value === 'number' ? value : null}
          onChange={onChange}
        />
      );
      break;
    case 'prompt':
      control = <PromptField {...props} id={id} />;
      break;
    case 'text':
      control = (
        <CountedTextArea
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          placeholder={widget.help ? pick(widget.help) : undefined}
          minRows={2}
          maxRows={8}
          maxLength={500}
        />
      );
      break;
    case 'style-picker':
      control = widget.catalog ? (
        <StylePicker
          id={id}
          labelId={labelId}
          catalog={widget.catalog}
          value={value}
          onChange={onChange}
        />
      ) : null;
      break;
    case 'material-picker':
      control = <MaterialPicker {...props} />;
      break;
    default:
      return null;
  }
  const inline = widget.kind === 'switch';
  const showHelp = widget.help && widget.kind !== 'prompt' && widget.kind !== 'text';
  return (
    <div className={`hj-tool-field${inline ? ' hj-tool-field--inline' : ''}`} data-param={name}>
      <div className="hj-tool-field__head">
        <label id={labelId} htmlFor={id} className="hj-tool-field__label">
          {pick(widget.label)}
        </label>
        {inline ? control : null}
      </div>
      {showHelp ? <p className="hj-tool-field__help">{pick(widget.help!)}</p> : null}
      {inline ? null : control}
    </div>
  );
};
