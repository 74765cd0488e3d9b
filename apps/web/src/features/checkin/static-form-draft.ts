import { filterOptions, matchesExactly, type ComboboxOption } from '@/components/ui/combobox';
import { countryOptions } from '@/features/traveler/countries';
import { nestFieldValues } from '@/lib/static-form';
import { travelerDraftFrom, type TravelerDraft } from './traveler-draft';

/** The type-ahead fields: their text box holds a country's name, the form its code. */
const COUNTRY_FIELDS = ['nationality', 'address.country'] as const;

/** The option a typed text names exactly, as the combobox takes it when the box is left. */
function optionNamed(options: readonly ComboboxOption[], typed: string): string | undefined {
  const best = filterOptions(options, typed)[0];
  return best && matchesExactly(best, typed) ? best.value : undefined;
}

/**
 * What a pilgrim typed or chose in the server-rendered self check-in form before the app came
 * (decision 079; lib/static-form.ts reads it from the markup), as the draft the live form starts
 * with, and whether the consent box was ticked. A country's name is taken as the combobox would
 * take it (an exact name, code or other name in `lng`; a name half typed is not a choice); the
 * rest as a draft kept over a reload is (travelerDraftFrom: text fields only, bounded).
 */
export function draftFromStaticForm(
  values: Record<string, string>,
  lng: string,
): { draft: TravelerDraft | null; consented: boolean } {
  const fields = { ...values };
  const consented = fields.consent !== undefined && fields.consent !== '';
  delete fields.consent;
  let options: ComboboxOption[] | undefined;
  for (const name of COUNTRY_FIELDS) {
    const typed = fields[name];
    if (typed === undefined) continue;
    options ??= countryOptions(lng);
    const code = typed.trim() === '' ? '' : optionNamed(options, typed);
    if (code === undefined) delete fields[name];
    else fields[name] = code;
  }
  const draft = travelerDraftFrom(nestFieldValues(fields));
  return { draft: Object.keys(draft).length > 0 ? draft : null, consented };
}
