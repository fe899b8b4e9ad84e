import { QuestionCircleOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHelpDialogs, type HelpDialog } from './help-dialogs.store';
import './styles/help-menu.css';

type Item = { key: HelpDialog | 'guide' | 'qa'; label: string };

/**
 * The header's help menu: guide (on tool pages), help center, contact, client, extension,
 * privacy. Plain markup (no antd), so the first screen stays light; the dialogs load on demand.
 */
export const HelpMenu = ({ onNavigate }: { onNavigate?: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { openDialog, replayGuide } = useHelpDialogs();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);

  const onToolPage = open && !!document.querySelector('.hj-tool');
  const items: Item[] = [
    ...(onToolPage ? [{ key: 'guide' as const, label: t('help.menu.guide') }] : []),
    { key: 'qa', label: t('help.menu.center') },
    { key: 'contact', label: t('help.menu.contact') },
    { key: 'client', label: t('help.menu.client') },
    { key: 'extension', label: t('help.menu.extension') },
    { key: 'privacy', label: t('help.menu.privacy') },
  ];
  const choose = (key: Item['key']) => {
    setOpen(false);
    onNavigate?.();
    if (key === 'guide') replayGuide();
    else if (key === 'qa') void navigate('/qaPage');
    else openDialog(key);
  };

  return (
    <div className="hj-help-menu" ref={root}>
      <button
        type="button"
        className="hj-btn hj-btn--text hj-help-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <QuestionCircleOutlined /> {t('help.menu.label')}
      </button>
      {open ? (
        <ul className="hj-help-menu__list" role="menu">
          {items.map((item) => (
            <li key={item.key} role="none">
              <button type="button" role="menuitem" onClick={() => choose(item.key)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
