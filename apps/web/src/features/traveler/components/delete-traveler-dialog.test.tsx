/**
 * Decision 045: deleting a traveler already reported to SES.HOSPEDAJES cancels the report first;
 * when that cannot be done the deletion is refused and the dialog says why.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { DeleteTravelerDialog } from './delete-traveler-dialog';
const ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const REFUSED =
  'This traveler was already reported to SES.HOSPEDAJES, and the cancellation of that report did not go through, so the traveler was not deleted.';

describe('deleting a reported traveler', () => {
  it('shows why the deletion was refused when the report could not be cancelled', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`DELETE /api/pilgrims/${ID}`]: apiFailure(409, 'SES_CANCEL_FAILED', REFUSED),
    });
    const onDeleted = vi.fn();
    const { user } = renderPage(
      <DeleteTravelerDialog
        traveler={{ id: ID, firstName: 'Lucía', lastName: 'Pérez', secondLastName: null }}
        onClose={() => {}}
        onDeleted={onDeleted}
      />,
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete traveler' }));
    expect(await within(dialog).findByText(REFUSED)).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
