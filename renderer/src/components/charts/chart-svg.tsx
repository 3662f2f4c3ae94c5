import type { ReactNode } from 'react';

interface ChartSvgProps {
  /** The picture's size in CSS pixels: one unit of its drawing is one pixel (use-chart-box.ts). */
  width: number;
  height: number;
  /** Element IDs of its title and description, which name it to a screen reader. */
  titleId: string;
  descId: string;
  title: string;
  description: string;
  children: ReactNode;
}

/** A bar chart's picture: an image named by its title and described by its numbers. */
export function ChartSvg({
  width,
  height,
  titleId,
  descId,
  title,
  description,
  children,
}: ChartSvgProps) {
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${String(width)} ${String(height)}`}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      className="chart-svg"
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{description}</desc>
      {children}
    </svg>
  );
}
