import {
  AimOutlined,
  DeleteOutlined,
  DragOutlined,
  ExpandOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  GatewayOutlined,
  HighlightOutlined,
  QuestionCircleOutlined,
  RedoOutlined,
  SwapOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Popover, Slider, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BRUSH_MAX, BRUSH_MIN, type EditorAction, type EditorTool } from './shortcuts';

const EraserIcon = () => (
  <span className="anticon" aria-hidden>
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor">
      <path
        strokeWidth="2"
        strokeLinejoin="round"
        d="M4 15.5 13.5 6a2 2 0 0 1 2.8 0l3.7 3.7a2 2 0 0 1 0 2.8L12.5 20H8.2L4 15.8Z M9 10.5l6.5 6.5 M8 20h12"
      />
    </svg>
  </span>
);

const toolIcons: Record<EditorTool, ReactNode> = {
  brush: <HighlightOutlined />,
  erase: <EraserIcon />,
  polygon: <GatewayOutlined />,
  segment: <AimOutlined />,
  hand: <DragOutlined />,
};
const toolKeys: Partial<Record<EditorTool, string>> = {
  brush: 'B',
  erase: 'E',
  polygon: 'P',
  segment: 'S',
};
const legendRows = [
  'brush',
  'erase',
  'polygon',
  'segment',
  'size',
  'undo',
  'redo',
  'fit',
  'toggle',
  'pan',
  'zoom',
  'close',
] as const;

/** An icon button with its name (and shortcut) as tooltip and accessible label. */
const IconButton = ({
  label,
  shortcut,
  icon,
  small,
  ...rest
}: {
  label: string;
  shortcut?: string;
  icon: ReactNode;
  small?: boolean;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  primary?: boolean;
  tool?: EditorTool;
}) => (
  <Tooltip title={shortcut ? `${label} (${shortcut})` : label}>
    <Button
      type={rest.primary ? 'primary' : 'text'}
      size={small ? 'small' : 'middle'}
      icon={icon}
      aria-label={label}
      aria-pressed={rest.pressed}
      data-tool={rest.tool}
      disabled={rest.disabled}
      onClick={rest.onClick}
    />
  </Tooltip>
);

/** The editor's compact toolbar: tools, brush size, history, invert, clear, show/hide, legend. */
export const MaskToolbar = (p: {
  tool: EditorTool;
  size: number;
  showMask: boolean;
  canUndo: boolean;
  canRedo: boolean;
  canClear: boolean;
  hasSegment: boolean;
  onAction: (a: EditorAction) => void;
  onSize: (size: number) => void;
  onInvert: () => void;
  onClear: () => void;
}) => {
  const { t } = useTranslation();
  const tools: EditorTool[] = [
    'brush',
    'erase',
    'polygon',
    ...(p.hasSegment ? ['segment' as const] : []),
    'hand',
  ];
  return (
    <div className="hj-mask__bar" role="toolbar" aria-label={t('editor.tools')}>
      <div className="hj-mask__group">
        {tools.map((id) => (
          <IconButton
            key={id}
            label={t(`editor.${id}`)}
            shortcut={toolKeys[id]}
            icon={toolIcons[id]}
            primary={p.tool === id}
            pressed={p.tool === id}
            tool={id}
            onClick={() => p.onAction({ kind: 'tool', tool: id })}
          />
        ))}
      </div>
      {p.tool === 'brush' || p.tool === 'erase' ? (
        <label className="hj-mask__size">
          <span>{t('editor.size')}</span>
          <Slider
            min={BRUSH_MIN}
            max={BRUSH_MAX}
            value={p.size}
            onChange={p.onSize}
            tooltip={{ formatter: (v) => `${v}px` }}
            aria-label={t('editor.size')}
          />
          <output>{p.size}</output>
        </label>
      ) : null}
      <div className="hj-mask__group">
        <IconButton
          label={t('editor.undo')}
          shortcut="Ctrl+Z"
          icon={<UndoOutlined />}
          disabled={!p.canUndo}
          onClick={() => p.onAction({ kind: 'undo' })}
        />
        <IconButton
          label={t('editor.redo')}
          shortcut="Ctrl+Shift+Z"
          icon={<RedoOutlined />}
          disabled={!p.canRedo}
          onClick={() => p.onAction({ kind: 'redo' })}
        />
        <IconButton label={t('editor.invert')} icon={<SwapOutlined />} onClick={p.onInvert} />
        <IconButton
          label={t('editor.clear')}
          icon={<DeleteOutlined />}
          disabled={!p.canClear}
          onClick={p.onClear}
        />
        <IconButton
          label={p.showMask ? t('editor.hide') : t('editor.show')}
          shortcut="H"
          icon={p.showMask ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          pressed={!p.showMask}
          onClick={() => p.onAction({ kind: 'toggleMask' })}
        />
        <Popover
          trigger={['click', 'hover']}
          placement="bottomRight"
          title={t('editor.shortcuts')}
          content={
            <dl className="hj-mask__legend">
              {legendRows.map((k) => (
                <div key={k}>
                  <dt>{t(`editor.legend.${k}`)}</dt>
                  <dd>
                    <kbd>{t(`editor.keys.${k}`)}</kbd>
                  </dd>
                </div>
              ))}
            </dl>
          }
        >
          <Button
            type="text"
            icon={<QuestionCircleOutlined />}
            aria-label={t('editor.shortcuts')}
          />
        </Popover>
      </div>
    </div>
  );
};

/** Zoom out, the zoom level, zoom in and fit, floating at the canvas's corner. */
export const ZoomControls = ({
  scale,
  onAction,
}: {
  scale: number;
  onAction: (a: EditorAction) => void;
}) => {
  const { t } = useTranslation();
  return (
    <div className="hj-mask__zoom">
      <IconButton
        small
        label={t('editor.zoomOut')}
        shortcut="−"
        icon={<ZoomOutOutlined />}
        onClick={() => onAction({ kind: 'zoom', direction: -1 })}
      />
      <span className="hj-mask__pct">{Math.round(scale * 100)}%</span>
      <IconButton
        small
        label={t('editor.zoomIn')}
        shortcut="+"
        icon={<ZoomInOutlined />}
        onClick={() => onAction({ kind: 'zoom', direction: 1 })}
      />
      <IconButton
        small
        label={t('editor.fit')}
        shortcut="0"
        icon={<ExpandOutlined />}
        onClick={() => onAction({ kind: 'fit' })}
      />
    </div>
  );
};
