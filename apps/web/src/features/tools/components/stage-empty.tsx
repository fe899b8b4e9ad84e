import type { Localized, ToolFamily } from '@huijing/tools';
import { useTranslation } from 'react-i18next';
import { ToolGlyph } from '../../../components/tool-glyph';
import { useLocalized } from '../../../components/use-localized';

/**
 * The stage before anything is uploaded or run: the tool's tile and three steps. Plain markup, so
 * the tool page's frame (app/screens/tool-frame.tsx) draws it before the workspace arrives and
 * the workspace draws the same in the same place.
 */
export const StageEmpty = ({
  tool,
  hasInputs,
  verb,
}: {
  tool: { id: string; family: ToolFamily; name: { 'zh-CN': string } };
  /** Whether the tool takes pictures (step one: upload), or only words. */
  hasInputs: boolean;
  /** The start button's verb (toolVerb). */
  verb: Localized;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  return (
    <div className="hj-stage__empty">
      <ToolGlyph family={tool.family} seed={tool.id} label={tool.name['zh-CN']} size={72} />
      <h2>{t('tools.stage.emptyTitle')}</h2>
      <ol className="hj-stage__steps">
        <li>{hasInputs ? t('tools.stage.step1') : t('tools.stage.step1Text')}</li>
        <li>{t('tools.stage.step2')}</li>
        <li>{t('tools.stage.step3', { verb: pick(verb) })}</li>
      </ol>
    </div>
  );
};
