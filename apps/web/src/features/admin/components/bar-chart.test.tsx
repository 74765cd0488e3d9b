import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

const data = [
  { key: 'DEU', label: 'Germany', value: 7 },
  { key: 'FRA', label: 'France', value: 3 },
  { key: 'ITA', label: 'Italy', value: 1 },
];

describe('bar chart', () => {
  it('is a named image with a summary, and its data as a table', async () => {
    render(
      <BarChart
        title="Travelers by nationality"
        data={data}
        labelHeader="Nationality"
        valueHeader="Travelers"
        limit={2}
      />,
    );
    const section = screen.getByRole('region', { name: 'Travelers by nationality' });
    const image = within(section).getByRole('img');
    expect(image).toHaveAccessibleName(
      'Travelers by nationality Bar chart of 3 values; the highest: Germany, 7. The data table follows.',
    );
    // Two bars drawn (the limit), the table lists all three.
    expect(image.querySelectorAll('rect')).toHaveLength(2);
    expect(
      screen.getByText('The 2 highest of 3 are drawn; the table lists them all.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByText('Data table'));
    const table = screen.getByRole('table', { name: 'Travelers by nationality' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['NationalityTravelers', 'Germany7', 'France3', 'Italy1']);
  });

  it('says so when there is nothing to draw', () => {
    render(
      <BarChart
        title="Registrations per month"
        data={[{ key: '2026-01', label: 'January 2026', value: 0 }]}
        labelHeader="Month"
        valueHeader="Registrations"
        orientation="vertical"
      />,
    );
    expect(screen.getByText('No registrations in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
