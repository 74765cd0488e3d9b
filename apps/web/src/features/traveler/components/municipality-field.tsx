import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFormState, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SPAIN } from '@hospes/shared/countries';
import type { CreateTravelerInput } from '@hospes/shared/travelers';
import {
  loadMunicipalityIndex,
  type Municipality,
  type MunicipalityIndex,
} from '@hospes/shared/ine-municipality-index';
import { Button } from '@/components/ui/button';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { TextField, type TextFieldProps } from '@/components/ui/fields';

/** How many municipalities the list shows at once when no postal code narrows it (8,131 in all). */
const LIST_LIMIT = 50;
const POSTAL_CODE = /^\d{5}$/;

type Loaded = { status: 'ready'; index: MunicipalityIndex } | { status: 'failed' };

/**
 * The INE municipality list (names and postal codes), loaded on demand the first time a Spanish
 * address is entered: a separate chunk of the app, fetched once (decision 026).
 */
export function useMunicipalityIndex(enabled: boolean) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadMunicipalityIndex().then(
      (index) => live && setLoaded({ status: 'ready', index }),
      () => live && setLoaded({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt]);
  const retry = () => {
    setLoaded(null);
    setAttempt((n) => n + 1);
  };
  if (loaded?.status === 'ready') return { status: 'ready' as const, index: loaded.index, retry };
  return { status: loaded?.status ?? ('loading' as const), index: undefined, retry };
}

type FieldProps = Omit<TextFieldProps, 'label'>;

/** What the field reads and writes of the form it is in: the home address. */
export interface AddressValues {
  address: {
    country: string;
    postalCode: string;
    municipalityCode: string;
    municipalityName: string;
  };
}

const codeAndName = (m: Municipality) => `${m.name} (${m.code})`;

/**
 * The municipality of the home address. In Spain: a type-ahead over the INE list, filled in from
 * the postal code (the code SES wants and the name), with the raw INE code beside it for those
 * who know it; elsewhere: the municipality's name. The postal code field itself is the form's.
 */
export function MunicipalityField<Values extends AddressValues>({
  control: formControl,
  setValue: formSetValue,
  codeField,
  nameField,
  comboboxId,
}: {
  control: Control<Values, unknown, CreateTravelerInput>;
  setValue: UseFormSetValue<Values>;
  /** The registered raw INE code input (`address.municipalityCode`), with its id and error. */
  codeField: FieldProps;
  /** The registered name input (`address.municipalityName`), with its id and error. */
  nameField: FieldProps;
  /** The id the form focuses for an error on `address.municipalityCode`. */
  comboboxId: string;
}) {
  const { t } = useTranslation('clients');
  // react-hook-form names no field of a form whose values are a type parameter: the field works
  // on the part of them it knows, which every `Values` has.
  const control = formControl as unknown as Control<AddressValues>;
  const setValue = formSetValue as unknown as UseFormSetValue<AddressValues>;
  const address = useWatch({ control, name: 'address' });
  const country = address.country;
  const postalCode = address.postalCode.trim();
  const code = address.municipalityCode.trim();
  const name = address.municipalityName;
  const { isSubmitted } = useFormState({ control });
  const spain = country === SPAIN;
  const { index, status, retry } = useMunicipalityIndex(spain);
  /** The code the look-up filled in last: it follows the postal code until someone changes it. */
  const filled = useRef<string | null>(null);
  const handledPostalCode = useRef<string | null>(null);

  const candidates = useMemo(
    () => (index && POSTAL_CODE.test(postalCode) ? index.forPostalCode(postalCode) : []),
    [index, postalCode],
  );
  const current = index?.get(code);

  const choose = (municipality: Municipality | undefined, byLookup = false) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    filled.current = byLookup && municipality ? municipality.code : null;
    setValue('address.municipalityCode', municipality?.code ?? '', options);
    setValue('address.municipalityName', municipality?.name ?? '', options);
  };

  // A new postal code fills in an empty municipality (or one this look-up filled in), when it
  // names one; a name already there (from a scan, say) picks among several.
  useEffect(() => {
    if (!index || !spain || handledPostalCode.current === postalCode) return;
    handledPostalCode.current = postalCode;
    if (code && code !== filled.current) return;
    const found = POSTAL_CODE.test(postalCode) ? index.forPostalCode(postalCode) : [];
    const named = index.byName(name);
    const pick =
      found.length === 1 ? found[0] : found.find((municipality) => named.includes(municipality));
    if (pick) choose(pick, true);
    else if (code) choose(undefined);
    // Only a new postal code or the list arriving matter, not each keystroke in the other fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, spain, postalCode]);

  // In Spain the name is the chosen municipality's (a code typed by hand brings its name too; a
  // stored record without one gets it without counting as an edit).
  useEffect(() => {
    if (!spain || !index || !current) return;
    if (!index.byName(name).includes(current))
      setValue('address.municipalityName', current.name, { shouldDirty: !!name.trim() });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spain, index, current]);

  const options = useMemo<ComboboxOption[]>(() => {
    if (!index) return [];
    const province = POSTAL_CODE.test(postalCode) ? postalCode.slice(0, 2) : null;
    const collator = new Intl.Collator('es');
    const list = province
      ? [
          ...candidates,
          ...index.all
            .filter((m) => m.province === province && !candidates.includes(m))
            .sort((a, b) => collator.compare(a.name, b.name)),
        ]
      : index.all;
    const withCurrent = current && !list.includes(current) ? [current, ...list] : list;
    return withCurrent.map((m) => ({
      value: m.code,
      label: province === m.province ? codeAndName(m) : `${codeAndName(m)} · ${m.provinceName}`,
      keywords: [m.code, ...m.aliases, ...m.name.split('/')],
    }));
  }, [index, postalCode, candidates, current]);

  if (!spain) {
    return (
      <>
        {codeField.error && (
          <TextField
            key="ine-code"
            label={t('form.municipalityCode')}
            hint={t('form.municipalityCodeHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            {...codeField}
          />
        )}
        <TextField
          key="name"
          label={t('form.municipalityName')}
          autoComplete="off"
          {...nameField}
        />
      </>
    );
  }

  const postalKnown = POSTAL_CODE.test(postalCode);
  const offered = candidates.filter((m) => m.code !== code);
  let notice: ReactNode = null;
  if (status === 'loading') notice = t('form.municipalityLoading');
  else if (status === 'failed')
    notice = (
      <>
        {t('form.municipalityLoadFailed')}{' '}
        <Button type="button" variant="secondary" size="sm" onClick={retry}>
          {t('form.municipalityRetry')}
        </Button>
      </>
    );
  else if (postalKnown && candidates.length === 0)
    notice = t('form.municipalityPostalUnknown', { postalCode });
  else if (postalKnown && offered.length > 0 && !candidates.some((m) => m.code === code))
    notice = (
      <>
        {candidates.length > 1
          ? t('form.municipalityPostalSeveral', { postalCode })
          : t('form.municipalityPostalOther', {
              postalCode,
              municipality: codeAndName(candidates[0]!),
            })}
        <span className="mt-1 flex flex-wrap gap-2">
          {offered.map((m) => (
            <Button
              key={m.code}
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => choose(m)}
            >
              {t('form.municipalityUse', { municipality: codeAndName(m) })}
            </Button>
          ))}
        </span>
      </>
    );
  const chosenLine = current
    ? t('form.municipalityChosen', { municipality: codeAndName(current) })
    : !code
      ? t('form.municipalityHint')
      : null;

  return (
    <>
      <Combobox
        key="municipality"
        id={comboboxId}
        name="address.municipality"
        label={t('form.municipalityName')}
        placeholder={t('form.municipalitySearch')}
        options={options}
        limit={LIST_LIMIT}
        value={code}
        onChange={(value) => choose(index?.get(value))}
        error={codeField.error}
        note={codeField.note}
        hint={
          <span aria-live="polite" className="flex flex-col gap-1">
            {chosenLine && <span>{chosenLine}</span>}
            {notice && <span>{notice}</span>}
          </span>
        }
      />
      <TextField
        key="ine-code"
        label={t('form.municipalityCode')}
        hint={t('form.municipalityCodeHint')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        {...codeField}
        // What the parte needs of the municipality is said once, on the type-ahead above.
        note={undefined}
        id={`${comboboxId}-ine`}
      />
    </>
  );
}
