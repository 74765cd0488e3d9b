import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface BarDatum {
  key: string;
  label: string;
  /** A shorter label for the axis under a column (vertical charts). */
  shortLabel?: string;
  value: number;
}

/**
 * The drawings use percentages across and pixels down, so the text keeps its size whatever the
 * width of the column the chart sits in (a scaled viewBox would shrink it to nothing).
 */
function VerticalBars({
  data,
  max,
  labelledBy,
}: {
  data: BarDatum[];
  max: number;
  labelledBy: string;
}) {
  const height = 220;
  const top = 22;
  const bottom = 30;
  const plot = height - top - bottom;
  const slot = 100 / Math.max(data.length, 1);
  const bar = slot * 0.6;
  // Thin the axis labels when there are many columns, so they do not overlap.
  const every = Math.max(1, Math.ceil(data.length / 12));
  return (
    <svg width="100%" height={height} role="img" aria-labelledby={labelledBy} className="block">
      <line x1="0" x2="100%" y1={top + plot} y2={top + plot} className="stroke-control" />
      {data.map((d, i) => {
        const h = max > 0 ? (d.value / max) * plot : 0;
        const center = `${i * slot + slot / 2}%`;
        return (
          <g key={d.key}>
            <rect
              x={`${i * slot + (slot - bar) / 2}%`}
              y={top + plot - h}
              width={`${bar}%`}
              height={h}
              rx={3}
              className="fill-primary"
            />
            {d.value > 0 && (
              <text
                x={center}
                y={top + plot - h - 6}
                textAnchor="middle"
                className="fill-fg text-xs"
              >
                {d.value}
              </text>
            )}
            {i % every === 0 && (
              <text x={center} y={height - 10} textAnchor="middle" className="fill-muted text-xs">
                {d.shortLabel ?? d.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

function HorizontalBars({
  data,
  max,
  labelledBy,
}: {
  data: BarDatum[];
  max: number;
  labelledBy: string;
}) {
  const row = 30;
  const label = 38; // % of the width for the labels
  const plot = 50; // % for the bars; the rest leaves room for the value
  const height = data.length * row + 4;
  const clip = (text: string) => (text.length > 24 ? `${text.slice(0, 23)}…` : text);
  return (
    <svg width="100%" height={height} role="img" aria-labelledby={labelledBy} className="block">
      {data.map((d, i) => {
        const w = max > 0 ? (d.value / max) * plot : 0;
        const y = i * row + 2;
        return (
          <g key={d.key}>
            <text
              x={`${label}%`}
              dx={-8}
              y={y + row / 2 + 4}
              textAnchor="end"
              className="fill-fg text-sm"
            >
              {clip(d.label)}
            </text>
            <rect
              x={`${label}%`}
              y={y + 5}
              width={`${w}%`}
              height={row - 10}
              rx={3}
              className="fill-primary"
            />
            <text x={`${label + w}%`} dx={6} y={y + row / 2 + 4} className="fill-fg text-sm">
              {d.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * A bar chart drawn as SVG (role="img", named by its title and a one-line summary), with the data
 * as a table for everyone who cannot read the drawing. `limit` caps the bars drawn; the table
 * always lists everything.
 */
export function BarChart({
  title,
  data,
  orientation = 'horizontal',
  labelHeader,
  valueHeader,
  limit,
}: {
  title: string;
  data: BarDatum[];
  orientation?: 'horizontal' | 'vertical';
  labelHeader: string;
  valueHeader: string;
  limit?: number;
}) {
  const { t } = useTranslation('admin');
  const id = `chart${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const drawn = limit ? data.slice(0, limit) : data;
  const max = Math.max(0, ...drawn.map((d) => d.value));
  const top = [...data].sort((a, b) => b.value - a.value)[0];
  const labelledBy = `${id}-title ${id}-summary`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line bg-surface p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-fg">
        {title}
      </h2>
      {data.length === 0 || max === 0 ? (
        <p className="mt-3 text-muted">{t('reports.noData')}</p>
      ) : (
        <>
          <p id={`${id}-summary`} hidden>
            {t('reports.chartSummary', {
              count: data.length,
              label: top?.label,
              value: top?.value,
            })}
          </p>
          <figure className="mt-4">
            {orientation === 'vertical' ? (
              <VerticalBars data={drawn} max={max} labelledBy={labelledBy} />
            ) : (
              <HorizontalBars data={drawn} max={max} labelledBy={labelledBy} />
            )}
            {limit && data.length > limit && (
              <figcaption className="mt-2 text-sm text-muted">
                {t('reports.topShown', { shown: limit, total: data.length })}
              </figcaption>
            )}
          </figure>
          <details className="mt-4">
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-primary">
              {t('reports.dataTable')}
            </summary>
            <div
              role="region"
              aria-label={`${title}: ${t('reports.dataTable')}`}
              tabIndex={0}
              className="relative mt-2 max-h-96 overflow-auto"
            >
              <table className="w-full border-collapse text-start text-sm">
                <caption className="sr-only">{title}</caption>
                <thead>
                  <tr className="border-b border-line text-muted">
                    <th scope="col" className="py-1.5 pe-3 font-semibold">
                      {labelHeader}
                    </th>
                    <th scope="col" className="py-1.5 text-end font-semibold">
                      {valueHeader}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((d) => (
                    <tr key={d.key} className="border-b border-line last:border-0">
                      <th scope="row" className="py-1.5 pe-3 font-normal text-fg">
                        {d.label}
                      </th>
                      <td className="py-1.5 text-end tabular-nums text-fg">{d.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
