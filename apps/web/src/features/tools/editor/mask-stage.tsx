import {
  CheckCircleFilled,
  EditOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import type { ToolInput } from '@huijing/tools';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/antd-look';
import { lazyThemed } from '../../../components/lazy-part';
import { useLocalized } from '../../../components/use-localized';
import { InputLabel } from '../components/tool-head';
import type { InputImage } from '../store/family-stores';
import type { MaskDraft } from './use-mask-draft';
import './editor.css';

/**
 * The editor draws with konva (react-konva brings its own React reconciler): ~100 KB brotli that a
 * tool page without a mask never needs, so it is fetched when a mask stage first shows.
 */
const loadEditor = () => import('./mask-editor');
const MaskEditor = lazyThemed(() => loadEditor().then((m) => m.MaskEditor));

/** Holds the editor's place (same frame, a loading line) while its code arrives. */
const EditorLoading = () => {
  const { t } = useTranslation();
  return (
    <div className="hj-mask" data-testid="mask-editor-loading">
      <div className="hj-mask__canvas">
        <div className="hj-mask__state" role="status">
          <LoadingOutlined spin />
          <span>{t('editor.loading')}</span>
        </div>
      </div>
    </div>
  );
};

/** Spec §9: the brush starts at 25. */
export const BRUSH_DEFAULT = 25;

const MaskStatus = ({ draft }: { draft: MaskDraft }) => {
  const { t } = useTranslation();
  const icon = {
    empty: null,
    dirty: <EditOutlined />,
    saving: <LoadingOutlined />,
    saved: <CheckCircleFilled />,
    failed: <ExclamationCircleFilled />,
  }[draft.state];
  return (
    <p className={`hj-mask-status is-${draft.state}`} role="status" data-state={draft.state}>
      {icon} {t(`editor.status.${draft.state}`)}
      {draft.hasMask ? (
        <small>
          {' '}
          · {t('editor.status.coverage', { percent: Math.max(0.1, draft.percent).toFixed(1) })}
        </small>
      ) : null}
    </p>
  );
};

/** The stage of a tool with a mask input: the editor on the uploaded image. */
export const MaskStage = ({ image, draft }: { image: InputImage; draft: MaskDraft }) => {
  if (!draft.doc) return null;
  return (
    <Suspense fallback={<EditorLoading />}>
      <MaskEditor
        key={image.fileId}
        image={image}
        doc={draft.doc}
        brushDefault={BRUSH_DEFAULT}
        onChange={draft.changed}
        onSegment={draft.segment}
        footer={<MaskStatus draft={draft} />}
      />
    </Suspense>
  );
};

/**
 * The `mask` input in the upload card: not a file picker — it says where to draw and how the
 * selection stands, and brings the editor back when a result covers it.
 */
export const MaskField = ({
  input,
  draft,
  hasImage,
  onEdit,
}: {
  input: ToolInput;
  draft: MaskDraft;
  hasImage: boolean;
  /** Set while a result covers the stage: shows the editor again. */
  onEdit?: () => void;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  // A tool with a mask will show the editor once a picture is in: fetch its code now.
  useEffect(() => {
    void loadEditor().catch(() => undefined);
  }, []);
  return (
    <div className="hj-upload hj-mask-field" data-input-name={input.name}>
      <InputLabel label={pick(input.label)} required={input.required} />
      <div className="hj-mask-field__box">
        <p>{hasImage ? t('editor.field.title') : t('editor.field.needImage')}</p>
        {hasImage ? <MaskStatus draft={draft} /> : null}
        {hasImage && onEdit ? (
          <Button size="small" icon={<EditOutlined />} onClick={onEdit}>
            {t('editor.field.edit')}
          </Button>
        ) : null}
      </div>
    </div>
  );
};
