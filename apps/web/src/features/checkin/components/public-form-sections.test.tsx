import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@/test/utils';
import { field } from '@/features/desk/test/form';
import { PublicTravelerForm } from './public-traveler-form';

const consent = {
  title: 'Legal information',
  text: 'Organic Law 4/2015, article 25.1',
  label: 'I agree',
  requiredMessage: 'You must accept the legal information to send the registration.',
};

const section = (name: string) => screen.getByRole('group', { name });

describe(
  'the self check-in on a phone: sections that close once complete',
  { timeout: 30_000 },
  () => {
    it('closes a complete section to one line once left, keeps the first incomplete one open, and opens it again with "Edit"', async () => {
      mockApi({});
      const { user } = renderPage(
        <PublicTravelerForm submit={vi.fn()} consent={consent} submitLabel="Send registration" />,
        { path: '/registro-viajero' },
      );
      // Nothing is complete yet: every section open, no "Edit".
      expect(screen.queryByRole('button', { name: /^Edit: / })).not.toBeInTheDocument();

      await user.type(field('First name'), 'Erika');
      await user.type(field('First surname'), 'Mustermann');
      await user.type(screen.getByRole('combobox', { name: 'Nationality' }), 'germany{Enter}');
      fireEvent.change(field('Date of birth'), { target: { value: '1983-08-12' } });
      await user.selectOptions(field('Sex'), 'F');
      // Complete, but the person is still in it: open.
      expect(field('First name')).toBeVisible();

      // On to the document: the identity closes to its line (the checks run once typing pauses).
      await user.type(field('Document number'), 'C01X00T47');
      const identity = section('Identity');
      await vi.waitFor(() => expect(field('First name')).not.toBeVisible(), { timeout: 5_000 });
      expect(identity).toHaveTextContent('Erika Mustermann · Germany · Aug 12, 1983 · Female');
      // The one the person is in, and the ones not done yet, stay open.
      expect(field('Document number')).toBeVisible();
      expect(field('Email')).toBeVisible();
      expect(field('Emergency contact name')).toBeVisible();

      // "Edit" opens it again with its first field focused; leaving it closes it again.
      await user.click(within(identity).getByRole('button', { name: 'Edit: Identity' }));
      expect(field('First name')).toBeVisible();
      expect(field('First name')).toHaveFocus();
      await user.click(field('Email'));
      await vi.waitFor(() => expect(field('First name')).not.toBeVisible());

      // A section with a field the save would refuse stays open when left.
      await user.type(field('Email'), 'not-an-address');
      await user.type(field('Phone'), '+49 30 1234567');
      await user.click(field('Emergency contact name'));
      // Given time to close, it does not: the e-mail is not one.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(field('Email')).toBeVisible();
    });

    it('keeps the legal text behind its button, with the box to tick beside it', async () => {
      mockApi({});
      const { user } = renderPage(
        <PublicTravelerForm submit={vi.fn()} consent={consent} submitLabel="Send registration" />,
        { path: '/registro-viajero' },
      );
      const text = screen.getByText('Organic Law 4/2015, article 25.1');
      expect(text).not.toBeVisible();
      const toggle = screen.getByRole('button', { name: 'Legal information' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(text).toBeVisible();
      expect(screen.getByRole('checkbox', { name: 'I agree' })).not.toBeChecked();
      // The group is still named by the title.
      expect(screen.getByRole('group', { name: 'Legal information' })).toBeInTheDocument();
    });
  },
);
