import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './dialog';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Ana
      </button>
      <ConfirmDialog
        open={open}
        title="Delete traveler Ana García?"
        description={<p>This cannot be undone.</p>}
        confirmLabel="Delete traveler"
        onConfirm={onConfirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('confirmation dialog', () => {
  it('is a modal alertdialog: focus starts on Cancel, stays inside, Escape closes and focus returns', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete Ana' });
    await user.click(opener);

    const dialog = screen.getByRole('alertdialog', { name: 'Delete traveler Ana García?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Delete traveler' });
    expect(cancel).toHaveFocus();

    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Delete traveler' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
