import { CameraOutlined, LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import type { PromptStyle, UploadResult } from '@huijing/contracts';
import { Alert, Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { imageToPrompt, promptStatusQuery, uploadReference } from '../api/prompts.api';
import { PromptResultPanel } from './prompt-result';
import { PromptWorkspace } from './prompt-workspace';
import { StylePicker } from './style-picker';
import { usePromptRun } from './use-prompt-run';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** /img2prompt: an uploaded reference image described as a rendering prompt. */
export const ImageToPromptPage = () => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<UploadResult>();
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [style, setStyle] = useState<PromptStyle>('interior');
  const run = usePromptRun(
    (a: { image: string; style: PromptStyle }) => imageToPrompt(a.image, a.style),
    '/img2prompt',
  );

  const upload = async (file: File) => {
    if (!ACCEPT.split(',').includes(file.type)) {
      notify(t('works.prompts.image.badType'), 'error');
      return;
    }
    setUploading(true);
    try {
      setImage(await uploadReference(file));
    } catch (e) {
      notify(e instanceof Error ? e.message : t('works.prompts.image.uploadFailed'), 'error');
    } finally {
      setUploading(false);
    }
  };

  const take = async (file: File | undefined) => {
    if (!file) return;
    // A file given before the page knows whether the model is set up waits for that answer.
    const { available } = await client.ensureQueryData(promptStatusQuery());
    if (!available) return;
    if (run.requireLogin) return run.requireLogin(() => void upload(file));
    await upload(file);
  };

  return (
    <PromptWorkspace
      kind="image"
      input={(available) => (
        <div className="hj-prompts__form">
          <div className="hj-prompts__field">
            <span className="hj-prompts__label">{t('works.prompts.image.label')}</span>
            <button
              type="button"
              className={`hj-prompts__drop${dragging ? ' is-dragging' : ''}${image ? ' has-image' : ''}`}
              disabled={!available || uploading}
              onClick={() => fileInput.current?.click()}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(e) => {
                e.preventDefault();
                setDragging(false);
                void take(e.dataTransfer.files[0]);
              }}
            >
              {image ? (
                <img src={image.thumbUrl ?? image.url} alt={t('works.prompts.image.preview')} />
              ) : (
                <span className="hj-prompts__drop-empty">
                  {uploading ? <LoadingOutlined /> : <PictureOutlined />}
                  <strong>
                    {uploading ? t('works.prompts.image.uploading') : t('works.prompts.image.pick')}
                  </strong>
                  <small>{t('works.prompts.image.rule')}</small>
                </span>
              )}
            </button>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPT}
              hidden
              data-testid="prompt-image-input"
              onChange={(e) => {
                void take(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            {image ? (
              <Button
                type="link"
                icon={<CameraOutlined />}
                onClick={() => fileInput.current?.click()}
                disabled={uploading}
              >
                {t('works.prompts.image.change')}
              </Button>
            ) : null}
          </div>
          <StylePicker value={style} onChange={setStyle} />
          {run.error ? <Alert type="error" showIcon message={run.error} /> : null}
          <Button
            type="primary"
            size="large"
            block
            icon={<PictureOutlined />}
            loading={run.pending}
            disabled={!available || (run.signedIn && !image)}
            onClick={() => run.start({ image: image?.fileId ?? '', style })}
          >
            {run.signedIn ? t('works.prompts.image.start') : t('works.prompts.signInToStart')}
          </Button>
          <p className="hj-prompts__hint">{t('works.prompts.hint')}</p>
        </div>
      )}
      result={<PromptResultPanel result={run.result} pending={run.pending} />}
    />
  );
};
