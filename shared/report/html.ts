import type { GroupRate } from './breakdowns';
import type { ScoreReport } from './report';
import type { ThresholdRow } from './thresholds';
import { exclusionReasons, reportText, type ReportLocale, type ReportWord } from './report-text';
import { curveChart, escapeXml, pairedBars } from './svg';

export interface ReportMeta {
  /** The report's destination: an environment's key (named in the page's language) or a URL. */
  environment: string;
  /** The batch the report covers, or null for the whole history of the environment. */
  batch: string | null;
  generatedAt: Date;
  locale: ReportLocale;
}

const styles = `
:root { color-scheme: light; font: 14px/1.45 system-ui, "Segoe UI", Roboto, sans-serif; color: #1b1f24; }
body { margin: 24px auto; max-width: 980px; padding: 0 16px; }
h1 { font-size: 1.6rem; margin: 0 0 4px; } h2 { font-size: 1.15rem; margin: 28px 0 8px; }
.meta { color: #4a5561; margin: 0; }
.figures { display: flex; gap: 24px; flex-wrap: wrap; margin: 12px 0; }
.figure { border: 1px solid #cfd6de; border-radius: 6px; padding: 10px 14px; min-width: 160px; }
.figure strong { display: block; font-size: 1.4rem; }
.pair { display: grid; grid-template-columns: minmax(280px, 1fr) minmax(280px, 1fr); gap: 16px; align-items: start; }
figure { margin: 0; } figcaption { font-weight: 600; margin-bottom: 4px; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border-bottom: 1px solid #dde3e9; padding: 3px 8px; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.small { color: #8a4b00; font-size: 0.85em; }
.chart { width: 100%; max-width: 420px; height: auto; font-size: 11px; fill: #33404d; }
.chart .grid { stroke: #e3e8ee; } .chart .axis { font-weight: 600; }
.chart .curve { stroke: #1f5fbf; stroke-width: 2; } .chart .chance { stroke: #8a96a3; stroke-dasharray: 4 4; }
.chart .series-a { fill: #b3261e; } .chart .series-b { fill: #1f5fbf; }
.legend span::before { content: ""; display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }
.legend .a::before { background: #b3261e; } .legend .b::before { background: #1f5fbf; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } .pair, table { break-inside: avoid; } }
`;

type Text = ReturnType<typeof reportText>;

/**
 * A cell that is markup, its text already escaped (a group's name with its "few rows" note). Every
 * other cell is text, escaped by `table`: a number can print as "< 0.1%".
 */
interface Markup {
  html: string;
}
type Cell = string | Markup;

const cellHtml = (cell: Cell) => (typeof cell === 'string' ? escapeXml(cell) : cell.html);

function table(caption: string, head: string[], rows: Cell[][]): string {
  const th = head.map((cell) => `<th scope="col">${escapeXml(cell)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((cell, i) => (i === 0 ? `<th scope="row">${cellHtml(cell)}</th>` : `<td>${cellHtml(cell)}</td>`)).join('')}</tr>`,
    )
    .join('');
  return `<table><caption>${escapeXml(caption)}</caption><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

function rateRows(
  text: Text,
  groups: ReadonlyArray<{ name: string } & GroupRate>,
  withLift: boolean,
): Cell[][] {
  return groups.map((group) => [
    {
      html:
        escapeXml(group.name) +
        (group.small && group.rows > 0
          ? ` <span class="small">(${escapeXml(text.t('small'))})</span>`
          : ''),
    },
    text.count(group.rows),
    text.count(group.fraud),
    text.percent(group.fraudRate),
    ...(withLift ? [group.lift === null ? text.t('none') : text.decimal(group.lift)] : []),
    group.interval
      ? `${text.percent(group.interval[0])} – ${text.percent(group.interval[1])}`
      : text.t('none'),
  ]);
}

/**
 * The whole report as one self-contained HTML page: inline styles and SVG, no script, no external
 * resource (its CSP says so), so it opens offline, prints to PDF and can be mailed as it is.
 */
export function reportHtml(report: ScoreReport, meta: ReportMeta): string {
  const text = reportText(meta.locale);
  const t = (word: ReportWord, values?: Record<string, string>) => escapeXml(text.t(word, values));
  const percentAxis = (label: ReportWord) => ({
    label: text.t(label),
    tick: (v: number) => text.percent(v),
  });
  const rateHead = [text.t('rows'), text.t('fraud'), text.t('fraudRate')];
  const scope = text.t('scope', {
    environment: text.environment(meta.environment),
    batch: meta.batch ? text.t('batch', { id: meta.batch }) : text.t('allBatches'),
  });
  const dateText = new Intl.DateTimeFormat(meta.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(meta.generatedAt);

  const figures = [
    [text.t('positive'), text.count(report.labels.positive)],
    [text.t('negative'), text.count(report.labels.negative)],
    [text.t('excluded'), text.count(report.labels.excluded)],
    [text.t('auc'), report.auc === null ? text.t('none') : text.decimal(report.auc)],
    [text.t('averagePrecision'), text.decimal(report.averagePrecision)],
  ]
    .map(
      ([name, value]) =>
        `<div class="figure">${escapeXml(name ?? '')}<strong>${escapeXml(value ?? '')}</strong></div>`,
    )
    .join('');
  const aucLine =
    report.auc === null
      ? `<p>${t('aucMissing')}</p>`
      : `<p>${t('auc')}: <strong>${escapeXml(text.decimal(report.auc))}</strong>; ${escapeXml(text.aucInterval(report))}</p>`;
  const excludedList = `<ul>${exclusionReasons
    .filter((reason) => report.excludedBy[reason] > 0)
    .map((reason) => `<li>${escapeXml(text.excluded(reason, report.excludedBy[reason]))}</li>`)
    .join('')}</ul>${
    report.reviewedEarlier > 0
      ? `<p>${escapeXml(text.reviewedEarlier(report.reviewedEarlier))}</p>`
      : ''
  }`;

  // Without both classes the curves are empty axes: said instead, as the screen says it.
  const noCurve = text.noCurve(report.labels);
  const missing = (why: string) => `<p>${escapeXml(why)}</p>`;
  // Each chart is named by what it shows, as on screen, and its points are one click away.
  const numbers = (points: string) =>
    `<details><summary>${t('numbers')}</summary>${points}</details>`;
  // The points' cut-offs are the answers' scores, printed as precisely as they differ.
  const rocCutoffs = text.curveCutoffs(report.roc.map((point) => point.threshold));
  const prCutoffs = text.curveCutoffs(report.precisionRecall.map((point) => point.threshold));
  const roc = noCurve
    ? missing(noCurve)
    : curveChart(
        text.rocSummary(report.auc, report.labels),
        report.roc.map((point) => [point.falsePositiveRate, point.truePositiveRate] as const),
        { x: percentAxis('falsePositiveRate'), y: percentAxis('truePositiveRate') },
        true,
      ) +
      numbers(
        table(
          text.t('roc'),
          [text.t('score'), text.t('falsePositiveRate'), text.t('truePositiveRate')],
          report.roc.map((point, i) => [
            rocCutoffs[i] ?? '',
            text.percent(point.falsePositiveRate),
            text.percent(point.truePositiveRate),
          ]),
        ),
      );
  const pr = noCurve
    ? missing(noCurve)
    : curveChart(
        text.prSummary(report.averagePrecision),
        report.precisionRecall.map((point) => [point.recall, point.precision] as const),
        { x: percentAxis('recall'), y: percentAxis('precision') },
        false,
      ) +
      numbers(
        table(
          text.t('precisionRecall'),
          [text.t('score'), text.t('recall'), text.t('precision')],
          report.precisionRecall.map((point, i) => [
            prCutoffs[i] ?? '',
            text.percent(point.recall),
            text.percent(point.precision),
          ]),
        ),
      );
  // Declining at a cut-off, by score or by risk level: the same columns after the first.
  const cutHead = ['flagged', 'share', 'recall', 'precision', 'falsePositiveRate'] as const;
  const cutCells = (row: Omit<ThresholdRow, 'score'>) => [
    text.count(row.flagged),
    text.percent(row.share),
    text.percent(row.recall),
    text.percent(row.precision),
    text.percent(row.falsePositiveRate),
  ];
  const cutTable = (caption: ReportWord, first: ReportWord, rows: Cell[][]) =>
    table(text.t(caption), [text.t(first), ...cutHead.map((word) => text.t(word))], rows);
  const thresholds = cutTable(
    'thresholds',
    'score',
    report.thresholds.map((row) => [text.cutoff(row.score), ...cutCells(row)]),
  );
  const riskThresholds = cutTable(
    'riskThresholds',
    'risk',
    report.riskThresholds.map((row) => [text.t(row.risk), ...cutCells(row)]),
  );
  const withoutRisk = text.withoutRisk(report);
  const labelled = report.labels.positive + report.labels.negative;
  const histogram =
    labelled === 0
      ? missing(text.t('noLabelled'))
      : pairedBars(
          text.histogramSummary(report.labels, report.histogram.length),
          report.histogram.map((bin) => ({
            label: `${text.cutoff(bin.from)}–${text.cutoff(bin.to)}`,
            a: bin.positive,
            b: bin.negative,
          })),
          {
            x: { label: 'Score', tick: (v) => text.cutoff(v) },
            y: { label: text.t('count'), tick: (v) => text.count(Math.round(v)) },
          },
        );
  const histogramTable = table(
    text.t('histogram'),
    ['Score', text.t('positive'), text.t('negative')],
    report.histogram.map((bin) => [
      `${text.cutoff(bin.from)}–${text.cutoff(bin.to)}`,
      text.count(bin.positive),
      text.count(bin.negative),
    ]),
  );
  const ageName = (bucket: string) => text.t(bucket as ReportWord);
  const codesNotShown = text.codesNotShown(report);

  return `<!doctype html>
<html lang="${meta.locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title')} · ${escapeXml(scope)}</title>
<style>${styles}</style>
</head>
<body>
<h1>${t('title')}</h1>
<p class="meta">${escapeXml(scope)} · ${t('generated', { date: dateText })}</p>
<div class="figures">${figures}</div>
${aucLine}
${excludedList}
<h2>${t('roc')}</h2>
<div class="pair"><figure><figcaption>${t('roc')}</figcaption>${roc}</figure><figure><figcaption>${t('precisionRecall')}</figcaption>${pr}</figure></div>
<h2>${t('thresholds')}</h2>
${thresholds}
<h2>${t('riskThresholds')}</h2>
${riskThresholds}
${withoutRisk === null ? '' : `<p>${escapeXml(withoutRisk)}</p>`}
${table(
  text.t('riskLevels'),
  [text.t('riskLevel'), ...rateHead, text.t('interval')],
  rateRows(
    text,
    report.riskLevels.map((level) => ({ ...level, name: text.riskName(level.risk) })),
    false,
  ),
)}
<h2>${t('histogram')}</h2>
<p class="legend"><span class="a">${t('positive')}</span><span class="b">${t('negative')}</span></p>
<div class="pair"><figure><figcaption>${t('histogram')}</figcaption>${histogram}</figure>${histogramTable}</div>
<h2>${t('insightCodes')}</h2>
${table(
  text.t('insightCodes'),
  [text.t('code'), ...rateHead, text.t('lift'), text.t('interval')],
  rateRows(
    text,
    report.insightCodes.map((code) => ({ ...code, name: code.code })),
    true,
  ),
)}
${codesNotShown === null ? '' : `<p>${escapeXml(codesNotShown)}</p>`}
<h2>${t('alerts')}</h2>
${table(
  text.t('alerts'),
  [text.t('alertQuantity'), ...rateHead, text.t('interval')],
  rateRows(
    text,
    report.alertQuantities.map((bucket) => ({
      ...bucket,
      name: bucket.bucket === 'unknown' ? text.t('unknown') : bucket.bucket,
    })),
    false,
  ),
)}
<h2>${t('ages')}</h2>
${table(
  text.t('ages'),
  [text.t('age'), ...rateHead, text.t('interval')],
  rateRows(
    text,
    report.deviceAges.map((bucket) => ({ ...bucket, name: ageName(bucket.bucket) })),
    false,
  ),
)}
</body>
</html>
`;
}
