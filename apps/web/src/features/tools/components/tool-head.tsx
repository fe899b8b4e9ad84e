import type { ToolFamily } from '@huijing/tools';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ToolGlyph } from '../../../components/tool-glyph';

/**
 * The tool page's header: glyph, the path back to 全部功能, title and description. Plain markup,
 * shared by the workspace and the frame the page paints before it (app/screens/tool-frame.tsx).
 */
export const ToolHead = ({
  tool,
  familyName,
  title,
  description,
  titleTestId,
}: {
  tool: { id: string; family: ToolFamily; name: { 'zh-CN': string } };
  familyName: string;
  title: string;
  description: string;
  titleTestId?: string;
}) => {
  const { t } = useTranslation();
  return (
    <header className="hj-tool__head">
      <ToolGlyph family={tool.family} seed={tool.id} label={tool.name['zh-CN']} size={44} />
      <div className="hj-tool__titles">
        <p className="hj-tool__crumb">
          <Link to="/list">{t('tools.allTools')}</Link> / {familyName}
        </p>
        <h1 data-testid={titleTestId}>{title}</h1>
        <p className="hj-tool__desc">{description}</p>
      </div>
    </header>
  );
};

/** An input card's label: its name, then * when required or （可选）, then what follows. */
export const InputLabel = ({
  label,
  required,
  children,
}: {
  label: string;
  required: boolean;
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <div className="hj-upload__label">
      <span>
        {label}
        {required ? (
          <em className="hj-upload__req">*</em>
        ) : (
          <small>{t('tools.upload.optional')}</small>
        )}
      </span>
      {children}
    </div>
  );
};
