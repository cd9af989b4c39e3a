import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

const data = [
  { label: 'Nov 20', value: 3 },
  { label: 'Nov 21', value: 0 },
  { label: 'Nov 22', value: 12 },
];

describe('BarChart', () => {
  it('names the figure and gives every value in a table for screen readers', () => {
    render(<BarChart title="Conversations per day" data={data} valueLabel="Conversations" />);
    const figure = screen.getByRole('figure', { name: 'Conversations per day' });
    const table = within(figure).getByRole('table', { name: 'Conversations per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DayConversations',
      'Nov 203',
      'Nov 210',
      'Nov 2212',
    ]);
    // The bars themselves are decoration for assistive technology.
    expect(figure.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(figure.querySelectorAll('rect')).toHaveLength(3);
  });

  it('scales bars to the largest value and formats values', () => {
    render(
      <BarChart title="Minutes" data={data} valueLabel="Minutes" formatValue={(v) => `${v} min`} />,
    );
    const heights = [...document.querySelectorAll('rect')].map((r) =>
      Number(r.getAttribute('height')),
    );
    expect(heights).toEqual([25, 0, 100]);
    expect(screen.getByRole('cell', { name: '12 min' })).toBeInTheDocument();
    expect(document.querySelector('rect title')?.textContent).toBe('Nov 20: 3 min');
  });

  it('shows the table on demand and says when there is nothing to draw', async () => {
    const user = userEvent.setup();
    render(
      <BarChart
        title="Opens per day"
        data={[{ label: 'Nov 22', value: 0 }]}
        valueLabel="Opens"
        emptyText="No opens yet"
      />,
    );
    expect(screen.getByText('No opens yet')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show data table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show chart' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('table', { name: 'Opens per day' })).toBeVisible();
  });
});
