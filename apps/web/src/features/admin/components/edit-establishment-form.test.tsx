import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiFailure, mockApi, renderRoutes } from '@/test/utils';
import { EditEstablishmentForm } from './edit-establishment-form';
import { findToast, sampleEstablishment } from './test-data';

const establishment = sampleEstablishment();
const viewPath = `/admin/establishments/view/${establishment.id}`;
const field = (label: string) => screen.getByLabelText(label, { exact: true });

function renderForm() {
  return renderRoutes(
    [
      {
        path: '/admin/establishments/edit/:id',
        element: <EditEstablishmentForm establishment={establishment} />,
      },
      { path: '/admin/establishments/view/:id', element: <h1>View stand-in</h1> },
    ],
    { path: `/admin/establishments/edit/${establishment.id}` },
  );
}

describe('admin edit-establishment form (spec §2, §4, §5)', () => {
  it('is filled with the loaded establishment', () => {
    mockApi({});
    renderForm();
    expect(field('Name')).toHaveValue('Albergue San Roque');
    expect(field('Type')).toHaveValue('hostel');
    expect(field('NIF/CIF')).toHaveValue('B58378431');
    expect(field('Status')).toHaveValue('active');
    expect(field('Address')).toHaveValue('Rúa do Vilar 1');
    expect(field('City')).toHaveValue('Santiago de Compostela');
    expect(field('Province')).toHaveValue('A Coruña');
    expect(field('Postal code')).toHaveValue('15705');
    expect(field('Phone')).toHaveValue('+34 600 123 456');
    expect(field('Contact name')).toHaveValue('Marta Pérez');
    expect(field('Contact email')).toHaveValue('marta@sanroque.example');
  });

  it('Cancel without changes goes straight back to the view page', async () => {
    mockApi({});
    const { user, router } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'View stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(viewPath);
  });

  it('Cancel with unsaved changes asks first: Cancel keeps editing, Discard goes back', async () => {
    mockApi({});
    const { user, router } = renderForm();
    await user.type(field('City'), ' (centro)');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Discard changes?' });
    expect(dialog).toHaveAccessibleDescription(
      'You have unsaved changes. If you leave now, they will be lost.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(field('City')).toHaveValue('Santiago de Compostela (centro)');
    expect(router.state.location.pathname).not.toBe(viewPath);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    expect(await screen.findByRole('heading', { name: 'View stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(viewPath);
  });

  it('a change undone by hand counts as no change', async () => {
    mockApi({});
    const { user, router } = renderForm();
    await user.type(field('Phone'), '7');
    await user.type(field('Phone'), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'View stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(viewPath);
  });

  it('shows the generic "required" message and sends nothing while a field is empty', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderForm();
    await user.clear(field('Name'));
    await user.clear(field('Contact email'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field('Name')).toHaveAccessibleDescription('This field is required');
    expect(field('Contact email')).toHaveAccessibleDescription('This field is required');
    expect(await findToast('Validation error')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves with PUT, says "Establishment updated" and goes to the view page', async () => {
    const { calls } = mockApi({
      [`PUT /api/establishments/${establishment.id}`]: {
        body: {
          success: true,
          message: 'Establishment updated.',
          data: { ...establishment, city: 'Sarria', status: 'inactive' },
        },
      },
    });
    const { user, router } = renderForm();
    await user.clear(field('City'));
    await user.type(field('City'), 'Sarria');
    await user.selectOptions(field('Status'), 'inactive');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'View stand-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(viewPath);
    expect(await findToast('Establishment updated')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      name: 'Albergue San Roque',
      type: 'hostel',
      nif: 'B58378431',
      address: 'Rúa do Vilar 1',
      city: 'Sarria',
      province: 'A Coruña',
      postalCode: '15705',
      phone: '+34 600 123 456',
      contactName: 'Marta Pérez',
      contactEmail: 'marta@sanroque.example',
      status: 'inactive',
    });
  });

  it('a NIF of another establishment is shown on the field', async () => {
    mockApi({
      [`PUT /api/establishments/${establishment.id}`]: apiFailure(
        409,
        'NIF_TAKEN',
        'This NIF is already registered.',
      ),
    });
    const { user } = renderForm();
    await user.clear(field('NIF/CIF'));
    await user.type(field('NIF/CIF'), 'B58378431');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findToast('This NIF is already registered.')).toBeInTheDocument();
    expect(field('NIF/CIF')).toHaveAccessibleDescription('This NIF is already registered.');
    expect(field('NIF/CIF')).toHaveFocus();
  });
});
