import { ArrowUpOutlined, PauseOutlined } from '@ant-design/icons';
import type { AssistantModel, AssistantStatus } from '@huijing/contracts';
import { Button, Segmented, Switch, Tooltip } from 'antd';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePicker, imageFromItems, usePrepareImage } from './image-picker';
import { AutoTextArea } from '../../../components/auto-text-area';

const MODEL_LABELS: Record<AssistantModel, string> = { gemini: 'Gemini', gpt: 'GPT' };

/**
 * The question box: image (required, spec §4), text, model choice, deep thinking (on by default),
 * send or stop. Enter sends, Shift+Enter breaks the line; pasting an image attaches it.
 */
export const Composer = ({
  text,
  image,
  model,
  deepThinking,
  streaming,
  signedIn,
  status,
  balance,
  onText,
  onImage,
  onModel,
  onDeepThinking,
  onSend,
  onStop,
  onSignIn,
}: {
  text: string;
  image: string | null;
  model: AssistantModel;
  deepThinking: boolean;
  streaming: boolean;
  signedIn: boolean;
  status: AssistantStatus | undefined;
  balance: number | null | undefined;
  onText: (text: string) => void;
  onImage: (image: string | null) => void;
  onModel: (model: AssistantModel) => void;
  onDeepThinking: (on: boolean) => void;
  onSend: () => void;
  onStop: () => void;
  onSignIn: () => void;
}) => {
  const { t } = useTranslation();
  const take = usePrepareImage(onImage);
  const configured = status ? status.models[model] : false;
  const canSend = Boolean(image) && configured && !streaming;
  const send = () => {
    if (!signedIn) onSignIn();
    else if (canSend) onSend();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = imageFromItems(e.clipboardData.files);
    if (file) {
      e.preventDefault();
      void take(file);
    }
  };
  return (
    <div className="hj-composer">
      <div className="hj-composer__row">
        <ImagePicker value={image} onChange={onImage} disabled={streaming} />
        <AutoTextArea
          className="hj-composer__text"
          value={text}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          minRows={2}
          maxRows={8}
          maxLength={4000}
          placeholder={
            image ? t('assistant.composer.placeholder') : t('assistant.composer.placeholderNoImage')
          }
          aria-label={t('assistant.composer.placeholder')}
        />
      </div>
      <div className="hj-composer__bar">
        <div className="hj-composer__options">
          <Segmented<AssistantModel>
            size="small"
            value={model}
            onChange={onModel}
            aria-label={t('assistant.composer.model')}
            options={(['gemini', 'gpt'] as const).map((m) => ({
              value: m,
              disabled: status ? !status.models[m] : false,
              label: (
                <span
                  title={status && !status.models[m] ? t('assistant.composer.modelOff') : undefined}
                >
                  {MODEL_LABELS[m]}
                </span>
              ),
            }))}
          />
          <Tooltip title={t('assistant.composer.deepThinkingHelp')}>
            <label className="hj-composer__switch">
              <Switch size="small" checked={deepThinking} onChange={onDeepThinking} />
              <span>{t('assistant.composer.deepThinking')}</span>
            </label>
          </Tooltip>
          {status && signedIn && configured ? (
            <span className="hj-composer__cost">
              {t('assistant.composer.cost', { count: status.ticketsPerQuestion })}
              {balance !== null && balance !== undefined
                ? ` · ${t('assistant.composer.balance', { count: balance })}`
                : ''}
            </span>
          ) : null}
        </div>
        <div className="hj-composer__send">
          {!image && signedIn ? (
            <span className="hj-composer__need">{t('assistant.composer.imageRequired')}</span>
          ) : null}
          {streaming ? (
            <Button icon={<PauseOutlined />} onClick={onStop} danger>
              {t('assistant.composer.stop')}
            </Button>
          ) : (
            <Button
              type="primary"
              icon={<ArrowUpOutlined />}
              disabled={signedIn && !canSend}
              onClick={send}
            >
              {signedIn ? t('assistant.composer.send') : t('assistant.composer.signIn')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
};
