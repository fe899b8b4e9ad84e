import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import {
  createElement,
  forwardRef,
  type CSSProperties,
  type ForwardRefExoticComponent,
  type HTMLAttributes,
  type RefAttributes,
} from 'react';

/**
 * antd's icons as antd draws them (@ant-design/icons' AntdIcon and IconBase: the same span, svg
 * and class names), without its runtime: the colour library for two-tone icons, the style
 * injector, the helpers (~7 KB brotli on every first screen). The web's build serves the
 * package's named icons through this, a copy per importing module (build/light-icons.ts);
 * antd's own components keep the real ones. components/styles/icons.css holds what the
 * injector would add; light-icon.test.tsx compares the markup with the package's.
 */
export interface LightIconProps extends HTMLAttributes<HTMLSpanElement> {
  spin?: boolean;
  rotate?: number;
  twoToneColor?: string | [string, string];
}
export type LightIcon = ForwardRefExoticComponent<LightIconProps & RefAttributes<HTMLSpanElement>>;

// antd's two-tone defaults: its primary blue and the first shade @ant-design/colors makes of it.
const TWO_TONE = ['#1677ff', '#e6f4ff'] as const;

const camelCase = (key: string) => key.replace(/-(.)/g, (_, c: string) => c.toUpperCase());
const props = (attrs: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(attrs).map(([k, v]) => [k === 'class' ? 'className' : camelCase(k), v]),
  );

const draw = (node: AbstractNode, key: string, root?: object): ReturnType<typeof createElement> =>
  createElement(
    node.tag,
    { key, ...props(node.attrs), ...root },
    (node.children ?? []).map((child, i) => draw(child, `${key}-${node.tag}-${i}`)),
  );

export const lightIcon = (icon: IconDefinition): LightIcon => {
  const Icon = forwardRef<HTMLSpanElement, LightIconProps>(
    ({ className, spin, rotate, tabIndex, onClick, twoToneColor, ...rest }, ref) => {
      const spinning = Boolean(spin) || icon.name === 'loading';
      const classes = ['anticon', `anticon-${icon.name}`, spinning && 'anticon-spin', className]
        .filter(Boolean)
        .join(' ');
      const style: CSSProperties | undefined = rotate
        ? { msTransform: `rotate(${rotate}deg)`, transform: `rotate(${rotate}deg)` }
        : undefined;
      const [primary, secondary] =
        twoToneColor === undefined
          ? TWO_TONE
          : Array.isArray(twoToneColor)
            ? twoToneColor
            : [twoToneColor, TWO_TONE[1]];
      const tree = typeof icon.icon === 'function' ? icon.icon(primary, secondary) : icon.icon;
      return (
        <span
          role="img"
          aria-label={icon.name}
          {...rest}
          ref={ref}
          tabIndex={tabIndex === undefined && onClick ? -1 : tabIndex}
          onClick={onClick}
          className={classes}
        >
          {draw(tree, `svg-${icon.name}`, {
            style,
            'data-icon': icon.name,
            width: '1em',
            height: '1em',
            fill: 'currentColor',
            'aria-hidden': 'true',
          })}
        </span>
      );
    },
  );
  Icon.displayName = icon.name;
  return Icon;
};
