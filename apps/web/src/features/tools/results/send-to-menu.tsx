import { CommentOutlined, DownOutlined, SendOutlined } from '@ant-design/icons';
import type { ToolDefinition } from '@huijing/tools';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/antd-look';
import { LazyDropdown } from '../../../components/lazy-overlay';
import { useLocalized } from '../../../components/use-localized';

const ASK = '__assistant';

/**
 * "继续处理": the current output as the next tool's input (upscale, clean, video…), and, last,
 * "问问 AI 助手" — the assistant opens with this image and a question ready (spec §3 hand-off).
 * antd's Dropdown (with rc-menu, ~17 KB brotli) loads when the button is first drawn: a result
 * needs it, the tool page's first load does not (components/lazy-overlay.tsx).
 */
export const SendToMenu = ({
  targets,
  onSend,
  onAsk,
  disabled,
}: {
  targets: ToolDefinition[];
  onSend: (tool: ToolDefinition) => void;
  onAsk?: () => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const pick = useLocalized();
  if (targets.length === 0) return null;
  return (
    <LazyDropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        items: targets
          .map((tool) => ({
            key: tool.id,
            label: (
              <span className="hj-send__item">
                <strong>{pick(tool.name)}</strong>
                <small>{pick(tool.description)}</small>
              </span>
            ),
          }))
          .concat(
            onAsk
              ? [
                  {
                    key: ASK,
                    label: (
                      <span className="hj-send__item">
                        <strong>
                          <CommentOutlined /> {t('results.send.ask')}
                        </strong>
                        <small>{t('results.send.askHint')}</small>
                      </span>
                    ),
                  },
                ]
              : [],
          ),
        onClick: ({ key }) => {
          if (key === ASK) return onAsk?.();
          const tool = targets.find((x) => x.id === key);
          if (tool) onSend(tool);
        },
      }}
    >
      <Button icon={<SendOutlined />} disabled={disabled}>
        {t('results.send.button')} <DownOutlined />
      </Button>
    </LazyDropdown>
  );
};
