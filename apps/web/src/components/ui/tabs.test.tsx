import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const items = [
  { key: 'personal', label: 'Información personal', content: <p>Personal panel</p> },
  { key: 'establishments', label: 'Establecimientos', content: <p>Establishments panel</p> },
  { key: 'security', label: 'Seguridad', content: <p>Security panel</p> },
];

describe('tabs', () => {
  it('wraps the tabs onto more lines instead of scrolling them out of sight on a phone', () => {
    render(<Tabs label="Profile" items={items} initialKey="security" />);
    const list = screen.getByRole('tablist', { name: 'Profile' });
    const classes = list.className.split(/\s+/);
    expect(classes).toContain('flex-wrap');
    expect(classes.filter((name) => /^overflow-(x-)?(auto|scroll)$/.test(name))).toEqual([]);
    for (const tab of screen.getAllByRole('tab')) {
      expect(tab.className.split(/\s+/)).not.toContain('whitespace-nowrap');
    }
  });

  it('keeps the tab pattern: one tab in the Tab order, arrows, Home and End move and select', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Tabs label="Profile" items={items} onSelect={onSelect} />);
    const [personal, establishments, security] = screen.getAllByRole('tab');
    expect(personal).toHaveAttribute('aria-selected', 'true');
    expect(personal).toHaveAttribute('tabindex', '0');
    expect(security).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Información personal' })).toHaveTextContent(
      'Personal panel',
    );

    await user.tab();
    expect(personal).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(establishments).toHaveFocus();
    expect(establishments).toHaveAttribute('aria-selected', 'true');
    expect(onSelect).toHaveBeenLastCalledWith('establishments');
    await user.keyboard('{End}');
    expect(security).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(personal).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(security).toHaveFocus();
    await user.keyboard('{Home}');
    expect(personal).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Información personal' })).toBeVisible();
  });
});
