import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Modal } from './dialog';

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

  it('keeps focus inside when the focused button is disabled or replaced, and Escape still closes', async () => {
    const user = userEvent.setup();
    function Steps() {
      const [open, setOpen] = useState(false);
      const [step, setStep] = useState<'idle' | 'working' | 'checked'>('idle');
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title="Import travelers">
            <button type="button" onClick={() => setStep('working')} disabled={step === 'working'}>
              Export
            </button>
            {step === 'checked' ? (
              <p key="result">
                <button type="button">Import 2 travelers</button>
              </p>
            ) : (
              <button key="check" type="button" onClick={() => setStep('checked')}>
                Check the file
              </button>
            )}
            <button type="button" onClick={() => setStep('idle')}>
              Done
            </button>
          </Modal>
        </>
      );
    }
    render(<Steps />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Import travelers' });

    // The focused button becomes disabled (it shows its progress): focus goes to the dialog.
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(dialog).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Check the file' })).toHaveFocus();

    // The focused button is replaced by the next step's: focus stays in the dialog too.
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(dialog).toHaveFocus());
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('answers Escape and Tab that reach it from outside its panel (focus on the page body)', async () => {
    const user = userEvent.setup();
    function Busy({ busy }: { busy: boolean }) {
      const [open, setOpen] = useState(true);
      return (
        <Modal open={open} onClose={() => setOpen(false)} title="Export" busy={busy}>
          <button type="button">Cancel export</button>
        </Modal>
      );
    }
    const { rerender } = render(<Busy busy />);
    const dialog = screen.getByRole('dialog', { name: 'Export' });
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    // Busy: Escape is ignored, Tab comes back into the dialog.
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel export' })).toHaveFocus();

    rerender(<Busy busy={false} />);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
