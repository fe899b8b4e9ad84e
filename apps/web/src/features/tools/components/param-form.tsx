import type { ToolDefinition } from '@huijing/tools';
import { useTranslation } from 'react-i18next';
import { Button, Collapse } from '../../../components/antd-look';
import { widgetEntries } from '../model/tool-params';
import { ParamField } from './param-field';

/** The parameter form generated from the tool's widget hints; advanced ones fold away. */
export const ParamForm = ({
  tool,
  values,
  onChange,
  onReset,
}: {
  tool: ToolDefinition;
  values: Record<string, unknown>;
  onChange: (name: string, value: unknown) => void;
  onReset: () => void;
}) => {
  const { t } = useTranslation();
  const { main, scene, advanced } = widgetEntries(tool);
  if (main.length + scene.length + advanced.length === 0) return null;
  const folded = [
    { key: 'scene', entries: scene, label: t('tools.form.scene', { count: scene.length }) },
    {
      key: 'advanced',
      entries: advanced,
      label: t('tools.form.advanced', { count: advanced.length }),
    },
  ].filter((s) => s.entries.length > 0);
  const field = ({ name, widget }: (typeof main)[number]) => (
    <ParamField
      key={name}
      name={name}
      widget={widget}
      value={values[name]}
      onChange={(v) => onChange(name, v)}
      tool={tool}
    />
  );
  return (
    <section className="hj-ws-card" aria-label={t('tools.form.title')}>
      <header className="hj-ws-card__head">
        <h2>{t('tools.form.title')}</h2>
        <Button type="link" size="small" onClick={onReset}>
          {t('tools.form.reset')}
        </Button>
      </header>
      <div className="hj-tool-form">{main.map(field)}</div>
      {folded.length > 0 ? (
        <Collapse
          className="hj-tool-advanced"
          items={folded.map((s) => ({
            key: s.key,
            label: s.label,
            children: <div className="hj-tool-form">{s.entries.map(field)}</div>,
          }))}
        />
      ) : null}
    </section>
  );
};
