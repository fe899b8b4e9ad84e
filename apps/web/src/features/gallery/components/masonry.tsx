import type { GalleryItem } from '@huijing/contracts';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

const GAP = 16;
/** Below the picture: title and author row. */
export const CARD_FOOTER = 68;

/** Columns by width: 2 on phones, up to 5 on wide screens. */
export const columnsFor = (width: number) =>
  width < 560 ? 2 : width < 900 ? 3 : width < 1280 ? 4 : 5;

/** Aspect ratios are clamped so a panorama or a tall strip still makes a sensible card. */
export const pictureHeight = (item: Pick<GalleryItem, 'width' | 'height'>, colWidth: number) =>
  Math.round(colWidth * Math.min(1.8, Math.max(0.5, item.height / Math.max(1, item.width))));

const useWidth = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
};

/**
 * A virtualised masonry on the window's scroll: every cell's height is known from the picture's
 * width and height before anything loads (so nothing jumps), each picture goes to the shortest
 * column, and only the cells near the viewport are mounted (a few dozen, whatever the count).
 * `onEnd` fires when the last cells come near, for the next cursor page.
 */
export const Masonry = ({
  items,
  renderCard,
  onEnd,
}: {
  items: GalleryItem[];
  renderCard: (item: GalleryItem, pictureHeight: number) => ReactNode;
  onEnd?: () => void;
}) => {
  const { ref, width } = useWidth();
  const lanes = columnsFor(width || 1200);
  const colWidth = width > 0 ? (width - GAP * (lanes - 1)) / lanes : 240;
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0);
  }, [ref, width]);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    lanes,
    gap: GAP,
    overscan: 4,
    scrollMargin: offset,
    estimateSize: (i) => pictureHeight(items[i]!, colWidth) + CARD_FOOTER,
    getItemKey: (i) => items[i]!.id,
  });
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, colWidth, lanes]);

  const cells = virtualizer.getVirtualItems();
  const last = cells.at(-1);
  useEffect(() => {
    if (onEnd && last && last.index >= items.length - lanes * 3) onEnd();
  }, [onEnd, last, items.length, lanes]);

  return (
    <div ref={ref} className="hj-masonry" style={{ height: virtualizer.getTotalSize() }}>
      {cells.map((cell) => {
        const item = items[cell.index]!;
        return (
          <div
            key={cell.key}
            className="hj-masonry__cell"
            data-index={cell.index}
            style={{
              width: colWidth,
              height: cell.size,
              transform: `translate(${cell.lane * (colWidth + GAP)}px, ${cell.start - offset}px)`,
            }}
          >
            {renderCard(item, pictureHeight(item, colWidth))}
          </div>
        );
      })}
    </div>
  );
};
