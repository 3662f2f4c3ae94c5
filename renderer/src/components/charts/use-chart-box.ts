import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** What a chart is drawn in: its real width and the size of its text, both in CSS px. */
export interface ChartBox {
  width: number;
  /** The font size the chart's text is drawn at (the style sheet's, after zoom and settings). */
  font: number;
  /** The width of `text` at that font, in CSS px. */
  measure: (text: string) => number;
}

/** One canvas for every chart's measuring: it is never drawn. */
let canvas: HTMLCanvasElement | null = null;

function measurer(element: Element): (text: string) => number {
  const style = getComputedStyle(element);
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  // No canvas (never in a browser): a generous guess of a glyph's width.
  if (!context) return (text) => text.length * parseFloat(style.fontSize) * 0.62;
  return (text) => {
    context.font = font;
    return context.measureText(text).width;
  };
}

/**
 * The box a chart is drawn in, read from the page and followed as it changes (a window resized,
 * zoomed, or its text made larger). The charts lay themselves out in CSS px from it, one user unit
 * a CSS pixel, so their text is as large as the style sheet says instead of shrinking with a
 * scaled viewBox. Null until the first reading.
 */
export function useChartBox<T extends Element>(): [RefObject<T | null>, ChartBox | null] {
  const ref = useRef<T>(null);
  const [box, setBox] = useState<ChartBox | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => {
      const width = Math.floor(element.getBoundingClientRect().width);
      const font = parseFloat(getComputedStyle(element).fontSize);
      setBox((old) =>
        old && old.width === width && old.font === font
          ? old
          : { width, font, measure: measurer(element) },
      );
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, box];
}
