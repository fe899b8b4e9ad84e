import { useEffect, useState, type RefObject } from 'react';

/** The element's inner size, kept up to date (the canvases follow their container). */
export const useBoxSize = (ref: RefObject<HTMLElement | null>) => {
  const [box, setBox] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setBox({ width: el.clientWidth, height: el.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return box;
};
