import type { PromptStyle } from '@huijing/contracts';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

const styles: PromptStyle[] = ['interior', 'architecture', 'landscape', 'general'];

/** Which kind of render the prompt is for; the instructions change with it. */
export const StylePicker = ({
  value,
  onChange,
}: {
  value: PromptStyle;
  onChange: (v: PromptStyle) => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className="hj-prompts__field">
      <span className="hj-prompts__label">{t('works.prompts.style')}</span>
      <Segmented
        block
        value={value}
        onChange={(v) => onChange(v as PromptStyle)}
        options={styles.map((s) => ({ value: s, label: t(`works.prompts.styles.${s}`) }))}
      />
    </div>
  );
};
