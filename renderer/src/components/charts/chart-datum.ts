/** One bar of a chart and its line in the table of numbers. */
export interface ChartDatum {
  key: string;
  /** Short label drawn on the chart. */
  label: string;
  /** Full label for the table and the accessible description (a bin's range, for example). */
  fullLabel: string;
  value: number;
  /** Class of the bar, for its colour. */
  className?: string;
}
