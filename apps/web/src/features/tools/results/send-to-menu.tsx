import { CommentOutlined, DownOutlined, SendOutlined } from '@ant-design/icons';
import type { ToolDefinition } from '@huijing/tools';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../../components/use-localized';

const ASK = '__assistant';

// antd's Dropdown (with rc-menu, ~17 KB brotli) is needed once a result is in, not for the tool
// page's first load: the menu loads when the button is first drawn, the same button stands in,
// and a click on it before the menu is in opens the menu when it arrives.
const Dropdown = lazy(() => import('antd/es/dropdown'));

/** Clicks the menu's button once the Dropdown around it has mounted (it opens on its trigger). */
const ClickOnMount = ({ target }: { target: RefObject<HTMLButtonElement | null> }) => {
  useEffect(() => target.current?.click(), [target]);
  return null;
};

/**
 * "继续处理": the current output as the next tool's input (upscale, clean, video…), and, last,
 * "问问 AI 助手" — the assistant opens with this image and a question ready (spec §3 hand-off).
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
  const [asked, setAsked] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (targets.length === 0) return null;
  const button = (onClick?: () => void, ref?: RefObject<HTMLButtonElement | null>) => (
    <Button ref={ref} icon={<SendOutlined />} disabled={disabled} onClick={onClick}>
      {t('results.send.button')} <DownOutlined />
    </Button>
  );
  return (
    <Suspense fallback={button(() => setAsked(true))}>
      <Dropdown
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
        {button(undefined, trigger)}
      </Dropdown>
      {asked ? <ClickOnMount target={trigger} /> : null}
    </Suspense>
  );
};
