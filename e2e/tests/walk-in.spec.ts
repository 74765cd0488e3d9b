/**
 * Walk-ins at the desk (issue 28, decision 064): two companions without a booking, registered
 * back to back in the desk's walk-in mode; "Next pilgrim" keeps their stay (same dates, same
 * contract), so that both go in one communication.
 */
import type { Page } from '@playwright/test';
import { LANGUAGES } from '@hospes/shared/languages';
import { createOwner, sign, signIn, updateEstablishment, walkInHeightIn } from '../support';
import { expect, expectAccessible, test } from '../fixtures';

async function typeIdentity(page: Page, first: string, last: string, passport: string) {
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('First surname').fill(last);
  const nationality = page.getByRole('combobox', { name: 'Nationality' });
  await nationality.fill('irel');
  await nationality.press('Enter');
  await page.getByLabel('Date of birth').fill('1985-06-02');
  await page.getByLabel('Sex').selectOption('F');
  await page.getByLabel('Document number').fill(passport);
}

test('the hospitalero registers two walk-in companions back to back, and "Next pilgrim" keeps their stay', async ({
  page,
  mail,
  baseURL,
}) => {
  const owner = await createOwner(page.request, mail, baseURL!, { prefix: 'walkin' });
  await updateEstablishment(page.request, owner, {
    walkInNights: 1,
    emergencyContactOptional: true,
  });
  // A phone's screen (decision 074): the walk-in is one screen of it.
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, owner.token, baseURL!);
  await page.goto('/traveler-registration');
  await page.getByRole('radio', { name: 'Walk-in' }).click();
  await expect(page.getByLabel('First name')).toBeFocused();
  // From the mode switch to the save button, the identity block open: at most 740 px. The stay
  // and the optional emergency contact, which the establishment's defaults decide, follow it.
  const modes = await page.getByRole('radiogroup', { name: 'How to register' }).boundingBox();
  const save = await page.getByRole('button', { name: 'Save record' }).boundingBox();
  expect(save!.y + save!.height - modes!.y).toBeLessThanOrEqual(740);
  // One screen: the stay is a line with today and the default night, nothing to fill in.
  await expect(page.getByRole('button', { name: /^Stay/ })).toContainText('(default)');
  await expect(page.getByLabel('Second phone')).toHaveCount(0);
  await expectAccessible(page);

  await typeIdentity(page, 'Siobhan', 'Byrne', 'PB1234567');
  await page.getByLabel('Email', { exact: true }).fill('byrne@example.ie');
  await page.getByLabel('Phone', { exact: true }).fill('+353 1 555 0101');
  await sign(page);
  await page.getByRole('button', { name: 'Save record' }).click();
  const next = page.getByRole('button', { name: 'Next pilgrim (same stay)' });
  await expect(page.getByRole('heading', { name: 'Saved: Siobhan Byrne' })).toBeVisible();
  await expect(next).toBeFocused();

  // One tap (Enter on the focused button): the companion's form, with the shared stay.
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByText(/^Companion of Siobhan Byrne/)).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('byrne@example.ie');
  await typeIdentity(page, 'Aoife', 'Byrne', 'PB7654321');
  await sign(page);
  await page.getByRole('button', { name: 'Save record' }).click();
  await expect(page.getByRole('heading', { name: 'Saved: Aoife Byrne' })).toBeVisible();

  // Both on the same stay: the same dates, the companion under the first one's contract.
  const listed = await page.request.get(
    `/api/pilgrims?establishmentId=${owner.establishmentId}&limit=10&sortBy=createdAt&sortOrder=asc`,
    { headers: { authorization: `Bearer ${owner.token}` } },
  );
  const [first, second] = (
    (await listed.json()) as {
      data: {
        firstName: string;
        entryDate: string;
        checkOutDate: string | null;
        reportNumber: string;
        stay: { contractReference: string | null };
      }[];
    }
  ).data;
  expect(first?.firstName).toBe('Siobhan');
  expect(second?.firstName).toBe('Aoife');
  expect(second?.entryDate).toBe(first?.entryDate);
  expect(second?.checkOutDate).toBe(first?.checkOutDate);
  expect(first?.checkOutDate).not.toBeNull();
  expect(second?.stay.contractReference).toBe(first?.stay.contractReference ?? first?.reportNumber);
});

test('the walk-in is one phone screen in each of the 16 languages, no label on two lines', async ({
  page,
  mail,
  baseURL,
}) => {
  // A layout fact (decisions 074, 077), not a timing: the longest translations (Basque, Portuguese,
  // French, Spanish) wrapped labels in the half-width columns and the scan button off its line.
  const owner = await createOwner(page.request, mail, baseURL!, { prefix: 'walkin-lng' });
  await updateEstablishment(page.request, owner, {
    walkInNights: 1,
    emergencyContactOptional: true,
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, owner.token, baseURL!);
  const measured: Record<string, { height: number; wrapped: string[] }> = {};
  for (const lng of LANGUAGES) measured[lng] = await walkInHeightIn(page, lng);
  const over = Object.entries(measured).filter(
    ([, walkIn]) => walkIn.height > 740 || walkIn.wrapped.length > 0,
  );
  expect(over, JSON.stringify(measured)).toEqual([]);
});
