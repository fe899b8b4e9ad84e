import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  LoadingOutlined,
  RightOutlined,
} from '@ant-design/icons';
import {
  Children,
  useState,
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

/*
 * antd's Button, Skeleton, Alert and Collapse as plain markup: the same elements and class names
 * antd renders (antd-look.test.tsx compares them with antd's own), styled by antd's stylesheet
 * that the build bakes (components/antd-bake.tsx, loaded before an antd screen draws). The tool
 * page's workspace draws these on its first render, so antd's component code (Button with its
 * wave and compact context, Collapse with rc-collapse and its motion, Skeleton, Alert) is not
 * part of the page's first load. Only what the tool page uses is here: no wave on
 * click, no collapse animation, no closable alert.
 */

const cls = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

type ButtonType = 'default' | 'primary' | 'link' | 'text';
const colorVariant: Record<ButtonType, [string, string]> = {
  default: ['default', 'outlined'],
  primary: ['primary', 'solid'],
  link: ['link', 'link'],
  text: ['default', 'text'],
};
const sizeClass = { small: 'sm', middle: undefined, large: 'lg' } as const;

/**
 * Children as antd wraps them: runs of text joined into one `<span>`. The app turns off antd's
 * space between two Chinese characters (theme.ts: buttonConfig), so none is inserted here.
 */
const spaced = (children: ReactNode): ReactNode => {
  const list: ReactNode[] = [];
  let prevPure = false;
  Children.forEach(children, (child) => {
    const pure = typeof child === 'string' || typeof child === 'number';
    if (prevPure && pure) list[list.length - 1] = `${list[list.length - 1] as string}${child}`;
    else list.push(child);
    prevPure = pure;
  });
  return Children.map(list, (child) =>
    typeof child === 'string' || typeof child === 'number' ? <span>{child}</span> : child,
  );
};

type Common = {
  type?: ButtonType;
  size?: keyof typeof sizeClass;
  shape?: 'default' | 'round' | 'circle';
  icon?: ReactNode;
  loading?: boolean;
  block?: boolean;
  danger?: boolean;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
};
export type ButtonProps = Common &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'children'> &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'type' | 'onClick' | 'children'> & {
    htmlType?: 'button' | 'submit' | 'reset';
    href?: string;
    ref?: Ref<HTMLButtonElement | HTMLAnchorElement>;
  };

/** antd's Button: a `<button>`, or an `<a>` when given `href`. Clicks are ignored while loading. */
export const Button = ({
  type = 'default',
  size,
  shape = 'default',
  icon,
  loading = false,
  block,
  danger,
  disabled,
  className,
  children,
  onClick,
  htmlType = 'button',
  href,
  ref,
  ...rest
}: ButtonProps) => {
  const [color, variant] = colorVariant[type];
  const size2 = size ? sizeClass[size] : undefined;
  const hasChildren = Boolean(children) || children === 0;
  const classes = cls(
    'ant-btn',
    shape !== 'default' && `ant-btn-${shape}`,
    `ant-btn-${type}`,
    danger && 'ant-btn-dangerous',
    `ant-btn-color-${color}`,
    `ant-btn-variant-${variant}`,
    size2 && `ant-btn-${size2}`,
    !hasChildren && Boolean(icon || loading) && 'ant-btn-icon-only',
    loading && 'ant-btn-loading',
    block && 'ant-btn-block',
    className,
  );
  const iconNode = loading ? (
    <span className="ant-btn-icon ant-btn-loading-icon">
      <LoadingOutlined />
    </span>
  ) : icon ? (
    <span className="ant-btn-icon">{icon}</span>
  ) : null;
  const kids = hasChildren ? spaced(children) : null;
  const click = (e: MouseEvent<HTMLElement>) => {
    if (loading || disabled) {
      e.preventDefault();
      return;
    }
    onClick?.(e);
  };
  if (href !== undefined) {
    return (
      <a
        {...(rest as AnchorHTMLAttributes<HTMLAnchorElement>)}
        ref={ref as Ref<HTMLAnchorElement>}
        className={cls(classes, disabled && 'ant-btn-disabled')}
        href={disabled ? undefined : href}
        onClick={click}
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled ?? false}
      >
        {iconNode}
        {kids}
      </a>
    );
  }
  return (
    <button
      {...(rest as ButtonHTMLAttributes<HTMLButtonElement>)}
      ref={ref as Ref<HTMLButtonElement>}
      // antd's htmlType: a button in a form does not submit it unless asked.
      type={htmlType}
      className={classes}
      onClick={click}
      disabled={disabled}
    >
      {iconNode}
      {kids}
    </button>
  );
};

/** antd's Skeleton.Image's picture glyph. */
const imagePath =
  'M365.714286 329.142857q0 45.714286-32.036571 77.677714t-77.677714 32.036571-77.677714-32.036571-32.036571-77.677714 32.036571-77.677714 77.677714-32.036571 77.677714 32.036571 32.036571 77.677714zM950.857143 548.571429l0 256-804.571429 0 0-109.714286 182.857143-182.857143 91.428571 91.428571 292.571429-292.571429zM1005.714286 146.285714l-914.285714 0q-7.460571 0-12.873143 5.412571t-5.412571 12.873143l0 694.857143q0 7.460571 5.412571 12.873143t12.873143 5.412571l914.285714 0q7.460571 0 12.873143-5.412571t5.412571-12.873143l0-694.857143q0-7.460571-5.412571-12.873143t-12.873143-5.412571zM1097.142857 164.571429l0 694.857143q0 37.741714-26.843429 64.585143t-64.585143 26.843429l-914.285714 0q-37.741714 0-64.585143-26.843429t-26.843429-64.585143l0-694.857143q0-37.741714 26.843429-64.585143t64.585143-26.843429l914.285714 0q37.741714 0 64.585143 26.843429t26.843429 64.585143z';

const skeletonClass = (block: boolean | undefined, className?: string) =>
  cls(
    'ant-skeleton ant-skeleton-element ant-skeleton-active',
    block && 'ant-skeleton-block',
    className,
  );

/** antd's `Skeleton.Image active`, `Skeleton.Button active` and `Skeleton.Input active`. */
export const Skeleton = {
  Image: ({ className }: { className?: string }) => (
    <div className={skeletonClass(false, className)}>
      <div className={cls('ant-skeleton-image', className)}>
        <svg
          viewBox="0 0 1098 1024"
          xmlns="http://www.w3.org/2000/svg"
          className="ant-skeleton-image-svg"
        >
          <title>Image placeholder</title>
          <path d={imagePath} className="ant-skeleton-image-path" />
        </svg>
      </div>
    </div>
  ),
  Button: ({ block, style }: { block?: boolean; style?: CSSProperties }) => (
    <div className={skeletonClass(block)}>
      <span className="ant-skeleton-button" style={style} />
    </div>
  ),
  Input: ({ block, size }: { block?: boolean; size?: 'small' | 'default' }) => (
    <div className={skeletonClass(block)}>
      <span className={cls('ant-skeleton-input', size === 'small' && 'ant-skeleton-input-sm')} />
    </div>
  ),
};

const alertIcons = {
  info: InfoCircleFilled,
  success: CheckCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

/** antd's Alert with `showIcon` and a one-line message, and an action on its right if given. */
export const Alert = ({
  type,
  message,
  action,
  className,
  'data-testid': testId,
}: {
  type: keyof typeof alertIcons;
  message: ReactNode;
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}) => {
  const Icon = alertIcons[type];
  return (
    <div
      className={cls('ant-alert', `ant-alert-${type}`, className)}
      role="alert"
      data-testid={testId}
    >
      <Icon className="ant-alert-icon" />
      <div className="ant-alert-content">
        <div className="ant-alert-message">{message}</div>
      </div>
      {action ? <div className="ant-alert-action">{action}</div> : null}
    </div>
  );
};

export interface CollapseItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * antd's `Collapse ghost size="small"`: panels closed at first, a panel's content drawn when it
 * is first opened (so what is folded away costs nothing until asked for) and kept after.
 */
export const Collapse = ({ items, className }: { items: CollapseItem[]; className?: string }) => {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) => {
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });
    setDrawn((now) => (now.has(key) ? now : new Set(now).add(key)));
  };
  return (
    <div
      className={cls(
        'ant-collapse ant-collapse-icon-position-start ant-collapse-ghost ant-collapse-small',
        className,
      )}
    >
      {items.map((item) => {
        const active = open.has(item.key);
        return (
          <div
            key={item.key}
            className={cls('ant-collapse-item', active && 'ant-collapse-item-active')}
          >
            <div
              className="ant-collapse-header"
              role="button"
              aria-expanded={active}
              aria-disabled={false}
              tabIndex={0}
              onClick={() => toggle(item.key)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  toggle(item.key);
                }
              }}
            >
              <div className="ant-collapse-expand-icon">
                <RightOutlined
                  className="ant-collapse-arrow"
                  rotate={active ? 90 : undefined}
                  aria-label={active ? 'expanded' : 'collapsed'}
                />
              </div>
              <span className="ant-collapse-header-text">{item.label}</span>
            </div>
            {drawn.has(item.key) ? (
              <div
                className={cls(
                  'ant-collapse-content',
                  active
                    ? 'ant-collapse-content-active'
                    : 'ant-collapse-content-inactive ant-collapse-content-hidden',
                )}
                hidden={!active}
              >
                <div className="ant-collapse-content-box">{item.children}</div>
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
};
