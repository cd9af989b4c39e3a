import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

export interface BarChartDatum {
  /** The category as people read it, e.g. 'Nov 20' (also the table's row header). */
  label: string;
  value: number;
}

export interface BarChartProps {
  /** The chart's caption; also names the figure and its data table. */
  title: string;
  data: BarChartDatum[];
  /** Header of the value column, e.g. 'Conversations'. */
  valueLabel: string;
  /** Header of the category column; 'Day' by default. */
  categoryLabel?: string;
  /** How values are written in the table, the bar tooltips and the axis; plain numbers by default. */
  formatValue?: (value: number) => string;
  /** Shown instead of flat bars when every value is 0. */
  emptyText?: string;
  /** Height of the plot in px. */
  height?: number;
}

// Visually hidden but read by screen readers. Plain CSS values: in `sx`, 1 would mean 100%.
const hidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const plain = (value: number) => value.toLocaleString('en-US');

/** At most `max` evenly spread indexes, first and last always included. */
function tickIndexes(count: number, max: number): number[] {
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const step = (count - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => Math.round(i * step));
}

/**
 * A small bar chart: SVG bars scaled to the width available, axis labels in HTML (so text keeps
 * its size at any width), and the same numbers as a table. The SVG is hidden from assistive
 * technology; the table is what screen readers and the "Show data table" button give.
 */
export function BarChart({
  title,
  data,
  valueLabel,
  categoryLabel = 'Day',
  formatValue = plain,
  emptyText = 'Nothing in this period',
  height = 160,
}: BarChartProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const max = Math.max(0, ...data.map((d) => d.value));
  const empty = max === 0;
  const slot = 10;
  // Phones get first, middle and last only, so the labels never run into each other.
  const phoneTicks = new Set(tickIndexes(data.length, 3));
  const wideTicks = new Set(tickIndexes(data.length, 6));
  const ticks = [...new Set([...wideTicks, ...phoneTicks])].sort((a, b) => a - b);
  // Each set is spaced for its width; a phone's middle label beside a wide set's neighbour
  // would meet it, so each label shows only at the widths of its own set.
  const tickDisplay = (i: number) =>
    phoneTicks.has(i) && wideTicks.has(i)
      ? 'block'
      : phoneTicks.has(i)
        ? { xs: 'block', sm: 'none' }
        : { xs: 'none', sm: 'block' };

  return (
    <Box component="figure" aria-label={title} sx={{ m: 0, minWidth: 0 }}>
      <Box
        sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}
      >
        <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Button
          size="small"
          onClick={() => setShowTable((v) => !v)}
          aria-expanded={showTable}
          aria-controls={tableId}
          sx={{ minHeight: 44, flexShrink: 0 }}
        >
          {showTable ? 'Show chart' : 'Show data table'}
        </Button>
      </Box>

      <Box aria-hidden sx={showTable ? { display: 'none' } : { mt: 1 }}>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Box
            sx={{
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'space-between',
              alignItems: 'flex-end',
              height,
              minWidth: 24,
              color: 'text.secondary',
              fontSize: 12,
            }}
          >
            <span>{formatValue(max)}</span>
            <span>{formatValue(0)}</span>
          </Box>
          <Box sx={{ position: 'relative', flex: 1, minWidth: 0, color: 'primary.main' }}>
            <svg
              width="100%"
              height={height}
              viewBox={`0 0 ${Math.max(1, data.length) * slot} 100`}
              preserveAspectRatio="none"
              focusable="false"
              style={{ display: 'block' }}
            >
              <line
                x1="0"
                x2="100%"
                y1="0"
                y2="0"
                stroke="rgba(16,24,40,0.12)"
                vectorEffect="non-scaling-stroke"
              />
              <line
                x1="0"
                x2="100%"
                y1="50"
                y2="50"
                stroke="rgba(16,24,40,0.12)"
                vectorEffect="non-scaling-stroke"
              />
              <line
                x1="0"
                x2="100%"
                y1="100"
                y2="100"
                stroke="rgba(16,24,40,0.4)"
                vectorEffect="non-scaling-stroke"
              />
              {data.map((d, i) => {
                const h = empty ? 0 : (d.value / max) * 100;
                return (
                  <rect
                    key={`${d.label}-${i}`}
                    x={i * slot + slot * 0.15}
                    width={slot * 0.7}
                    y={100 - h}
                    height={h}
                    fill="currentColor"
                  >
                    <title>{`${d.label}: ${formatValue(d.value)}`}</title>
                  </rect>
                );
              })}
            </svg>
            {empty ? (
              <Typography
                variant="body2"
                sx={{
                  position: 'absolute',
                  inset: 0,
                  display: 'grid',
                  placeItems: 'center',
                  color: 'text.secondary',
                }}
              >
                {emptyText}
              </Typography>
            ) : null}
            <Box
              data-axis="x"
              sx={{
                position: 'relative',
                height: 18,
                mt: 0.5,
                color: 'text.secondary',
                fontSize: 12,
              }}
            >
              {ticks.map((i) => {
                const centre = ((i + 0.5) / data.length) * 100;
                const first = i === 0;
                const last = i === data.length - 1;
                return (
                  <Box
                    component="span"
                    key={i}
                    sx={{
                      position: 'absolute',
                      whiteSpace: 'nowrap',
                      display: tickDisplay(i),
                      ...(first
                        ? { left: 0 }
                        : last
                          ? { right: 0 }
                          : { left: `${centre}%`, transform: 'translateX(-50%)' }),
                    }}
                  >
                    {data[i]?.label}
                  </Box>
                );
              })}
            </Box>
          </Box>
        </Box>
      </Box>

      <Box
        id={tableId}
        sx={showTable ? { mt: 1, maxHeight: height + 60, overflowY: 'auto' } : hidden}
      >
        <Box
          component="table"
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            // Body text: 16 px on phones.
            fontSize: { xs: 16, sm: 14 },
            '& th, & td': {
              textAlign: 'left',
              py: 0.5,
              px: 1,
              borderBottom: 1,
              borderColor: 'divider',
            },
            '& td': { textAlign: 'right' },
          }}
        >
          <caption style={hidden}>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryLabel}</th>
              <Box component="th" scope="col" sx={{ textAlign: 'right !important' }}>
                {valueLabel}
              </Box>
            </tr>
          </thead>
          <tbody>
            {data.map((d, i) => (
              <tr key={`${d.label}-${i}`}>
                <th scope="row">{d.label}</th>
                <td>{formatValue(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}
