import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTHORITY_NAMES, type Authority } from '@hospes/shared/codes';
import { todayIso } from '@hospes/shared/dates';
import type { ErrorDetail } from '@hospes/shared/errors';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { TextLink } from '@/components/ui/text-link';
import { links } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { groupSesProblems, useGenerateSesFile, type SesProblemGroup } from '../api/ses';
import { RadioGroup } from './radio-group';

export interface SesTraveler {
  id: string;
  firstName: string;
  lastName: string;
  secondLastName?: string | null;
  establishmentId: string;
}

type Kind = 'PV' | 'RH';
type Format = 'xml' | 'solicitud';
type Scope = 'selected' | 'dates';

/** What the dialog knows of an establishment: its province and postal code give its clock. */
export interface SesEstablishment {
  id: string;
  name: string;
  authority?: Authority;
  province?: string;
  postalCode?: string;
}

/**
 * Today at an establishment, by its own clock (decision 028: the Canary Islands are an hour
 * behind the mainland), as the server names the file and picks a day's arrivals.
 */
const todayAt = (establishment: SesEstablishment | undefined) =>
  todayIso(new Date(), establishmentTimeZone(establishment ?? {}));

const nameOf = (p: SesTraveler) =>
  [p.firstName, p.lastName, p.secondLastName].filter(Boolean).join(' ');

/**
 * The problems of a 422 SES_PREFLIGHT_FAILED, one group per traveler (name when known, else the
 * id) with each message and a link to fix the record; the establishment's own problems first.
 */
export function SesProblems({
  details,
  travelers,
}: {
  details: readonly ErrorDetail[];
  travelers: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation('documents');
  const groups = groupSesProblems(details);
  return (
    <FormAlert title={t('xml.problemsTitle')} className="mt-4">
      <ul className="space-y-3">
        {groups.map((group) => {
          const heading =
            group.travelerId === null
              ? t('xml.problemsEstablishment')
              : (travelers.get(group.travelerId) ??
                group.problems.find((problem) => problem.travelerName)?.travelerName ??
                group.travelerId);
          return (
            <li key={group.travelerId ?? 'establishment'}>
              <p className="font-semibold break-words">{heading}</p>
              <ul className="ms-5 list-disc">
                {group.problems.map((problem, index) => (
                  <li key={`${problem.field}-${index}`} className="break-words">
                    {problem.message || problem.code || problem.field}
                  </li>
                ))}
              </ul>
              {group.travelerId === null ? (
                <TextLink to={links.profileTab('establishments')}>
                  {t('xml.fixEstablishment')}
                </TextLink>
              ) : (
                <TravelerLinks group={group} heading={heading} />
              )}
            </li>
          );
        })}
      </ul>
    </FormAlert>
  );
}

/**
 * A traveler's way to fix their problems: a self check-in awaiting confirmation goes to its record,
 * where staff review and confirm it (decision 033); any other problem to the edit form, which
 * marks the fields.
 */
function TravelerLinks({ group, heading }: { group: SesProblemGroup; heading: string }) {
  const { t } = useTranslation('documents');
  const travelerId = group.travelerId!;
  const unconfirmed = group.problems.some((problem) => problem.code === 'ses.notConfirmed');
  const fields = group.problems.filter((problem) => problem.code !== 'ses.notConfirmed');
  return (
    <div className="flex flex-wrap gap-x-4">
      {unconfirmed && (
        <TextLink to={links.clientView(travelerId)}>
          {t('xml.review')}
          <span className="sr-only"> {heading}</span>
        </TextLink>
      )}
      {fields.length > 0 && (
        <TextLink
          to={links.clientEdit(travelerId)}
          // The edit form marks these fields (the list would be gone otherwise).
          state={{
            sesProblems: fields.map((problem) => ({
              // The traveler's field, without the id it is listed under.
              field: problem.field.startsWith(`${travelerId}.`)
                ? problem.field.slice(travelerId.length + 1)
                : problem.field,
              message: problem.message || problem.code || problem.field,
            })),
          }}
        >
          {t('xml.fix')}
          <span className="sr-only"> {heading}</span>
        </TextLink>
      )}
    </div>
  );
}

/**
 * Generate the SES.HOSPEDAJES file (partes PV or reservas RH) of an establishment: for the
 * selected travelers or the arrivals of a date range (today by default), as XML or the zipped
 * 'solicitud'. Pre-flight problems are listed per traveler with a link to fix each.
 */
export function SesXmlDialog({
  open,
  onClose,
  establishments,
  defaultEstablishmentId,
  selected = [],
  knownTravelers = [],
}: {
  open: boolean;
  onClose: () => void;
  /**
   * With `authority` when known: an establishment that reports elsewhere gets no SES file. With
   * its province and postal code, the dates start on its own day (else the mainland's).
   */
  establishments: ReadonlyArray<SesEstablishment>;
  defaultEstablishmentId?: string;
  /** The travelers selected in the list (their establishment decides which are sent). */
  selected?: readonly SesTraveler[];
  /** Travelers whose names are known (the list's page), to name them in the problems. */
  knownTravelers?: readonly SesTraveler[];
}) {
  const { t } = useTranslation('documents');
  const generate = useGenerateSesFile();
  const firstSelected = selected[0]?.establishmentId;
  const [establishmentId, setEstablishmentId] = useState(
    defaultEstablishmentId ?? firstSelected ?? establishments[0]?.id ?? '',
  );
  const [kind, setKind] = useState<Kind>('PV');
  const [format, setFormat] = useState<Format>('xml');
  const [scope, setScope] = useState<Scope>(selected.length ? 'selected' : 'dates');
  const establishmentOf = (id: string) => establishments.find((e) => e.id === id);
  const [from, setFrom] = useState(() => todayAt(establishmentOf(establishmentId)));
  const [to, setTo] = useState(() => todayAt(establishmentOf(establishmentId)));
  const [done, setDone] = useState('');

  const ids = selected.filter((p) => p.establishmentId === establishmentId).map((p) => p.id);
  const noneSelectedHere = scope === 'selected' && ids.length === 0;
  // Catalan and Basque lodgings report to the Mossos d'Esquadra or the Ertzaintza, not to SES.
  const authority = establishmentOf(establishmentId)?.authority;
  const otherAuthority = authority && authority !== 'ses' ? AUTHORITY_NAMES[authority] : null;
  const blocked = !establishmentId || noneSelectedHere || otherAuthority !== null;
  const names = new Map<string, string>();
  for (const p of [...knownTravelers, ...selected]) names.set(p.id, nameOf(p));

  const close = () => {
    if (generate.isPending) return;
    generate.reset();
    setDone('');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    setDone('');
    try {
      const fileName = await generate.mutateAsync({
        establishmentId,
        kind,
        format,
        ...(scope === 'selected'
          ? { pilgrimIds: ids }
          : { from: from || undefined, to: to || undefined }),
      });
      setDone(fileName);
    } catch {
      // shown below
    }
  };

  const error = generate.error;
  const preflight = isApiError(error) && error.code === 'SES_PREFLIGHT_FAILED';

  return (
    <Modal open={open} onClose={close} busy={generate.isPending} title={t('xml.title')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        {establishments.length > 1 && (
          <SelectField
            className="mt-4"
            label={t('xml.establishment')}
            value={establishmentId}
            onChange={(event) => {
              const next = event.target.value;
              // A date still on the day the dialog proposed moves to the other one's day.
              const before = todayAt(establishmentOf(establishmentId));
              const after = todayAt(establishmentOf(next));
              if (from === before) setFrom(after);
              if (to === before) setTo(after);
              setEstablishmentId(next);
            }}
            options={establishments.map((e) => ({ value: e.id, label: e.name }))}
          />
        )}
        <RadioGroup<Kind>
          legend={t('xml.kind')}
          name="ses-kind"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'PV', label: t('xml.kindPV') },
            { value: 'RH', label: t('xml.kindRH') },
          ]}
        />
        <RadioGroup<Scope>
          legend={t('xml.scope')}
          name="ses-scope"
          value={scope}
          onChange={setScope}
          options={[
            {
              value: 'selected',
              label: t('xml.scopeSelected', { count: ids.length }),
              disabled: selected.length === 0,
            },
            { value: 'dates', label: t('xml.scopeDates') },
          ]}
        />
        {scope === 'dates' && (
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <TextField
              type="date"
              label={t('xml.from')}
              value={from}
              max={to || undefined}
              onChange={(event) => setFrom(event.target.value)}
            />
            <TextField
              type="date"
              label={t('xml.to')}
              value={to}
              min={from || undefined}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>
        )}
        {otherAuthority && (
          <FormAlert tone="info" className="mt-3">
            {t('xml.otherAuthority', { authority: otherAuthority })}{' '}
            <TextLink to={links.profileTab('establishments')}>{t('xml.fixEstablishment')}</TextLink>
          </FormAlert>
        )}
        {noneSelectedHere && selected.length > 0 && (
          <FormAlert tone="info" className="mt-3">
            {t('xml.noneInEstablishment')}
          </FormAlert>
        )}
        <RadioGroup<Format>
          legend={t('xml.format')}
          name="ses-format"
          value={format}
          onChange={setFormat}
          options={[
            { value: 'xml', label: t('xml.formatXml') },
            { value: 'solicitud', label: t('xml.formatSolicitud') },
          ]}
        />

        {preflight ? (
          <SesProblems details={error.details} travelers={names} />
        ) : (
          error && <FormAlert className="mt-4">{errorText(error, t('xml.failed'))}</FormAlert>
        )}
        {done && (
          <FormAlert tone="success" className="mt-4">
            {t('xml.done', { file: done })}
          </FormAlert>
        )}

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={generate.isPending}>
            {done ? t('xml.close') : t('xml.cancel')}
          </Button>
          <Button type="submit" pending={generate.isPending} disabled={blocked}>
            {t('xml.generate')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
