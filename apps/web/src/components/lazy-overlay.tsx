import {
  cloneElement,
  Suspense,
  useEffect,
  useId,
  useState,
  type ComponentType,
  type ReactElement,
} from 'react';
import { lazyPart, lazyThemed } from './lazy-part';

/** The one element an overlay wraps: a button it opens on, or shows a hint over. */
type Trigger = ReactElement<{ onClick?: () => void; 'data-hj-overlay'?: string }>;

interface OverlayProps {
  children: Trigger;
}

/** Clicks the trigger once the overlay around it has mounted (it opens on its trigger's click). */
const ClickOnMount = ({ target }: { target: string }) => {
  useEffect(() => {
    document.querySelector<HTMLElement>(`[data-hj-overlay="${CSS.escape(target)}"]`)?.click();
  }, [target]);
  return null;
};

/**
 * An antd overlay opened by a click on its one child (Dropdown, Popconfirm), fetched when the child
 * is first drawn instead of with the page (the tool page's first load). Until it
 * arrives the child stands alone, and a click on it meanwhile opens the overlay once it is in.
 * The child must pass a `data-` attribute on to its element (antd's Button and plain elements
 * do); its own onClick, if any, is replaced while the overlay loads.
 */
export const lazyClickOverlay = <P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P & OverlayProps> => {
  const Overlay = lazyThemed(load);
  const LazyClickOverlay = (props: P & OverlayProps) => {
    const [asked, setAsked] = useState(false);
    const target = useId();
    const overlay = {
      ...props,
      children: cloneElement(props.children, { 'data-hj-overlay': target }),
    };
    return (
      <Suspense fallback={cloneElement(props.children, { onClick: () => setAsked(true) })}>
        <Overlay {...overlay} />
        {asked ? <ClickOnMount target={target} /> : null}
      </Suspense>
    );
  };
  return LazyClickOverlay;
};

/**
 * An antd overlay shown on hover or focus of its one child (Tooltip), fetched when the child is
 * first drawn: until it arrives the child stands alone (its aria-label still names it).
 */
export const lazyHoverOverlay = <P extends object>(
  load: () => Promise<ComponentType<P & OverlayProps>>,
): ComponentType<P & OverlayProps> => lazyPart<P & OverlayProps>(load, (props) => props.children);

// antd's overlays for pages whose first load should not carry them (the tool page): the trigger
// library, Tooltip, Popover, Popconfirm and Dropdown with rc-menu come when first drawn.
export const LazyPopconfirm = lazyClickOverlay(() =>
  import('antd/es/popconfirm').then((m) => m.default),
);
export const LazyDropdown = lazyClickOverlay(() =>
  import('antd/es/dropdown').then((m) => m.default),
);
export const LazyTooltip = lazyHoverOverlay(() => import('antd/es/tooltip').then((m) => m.default));
