import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTHORITY_NAMES, type Authority } from '@hospes/shared/codes';
import { todayIso } from '@hospes/shared/dates';
import type { ErrorDetail } from '@hospes/shared/errors';
import type { SesSubmission } from '@hospes/shared/ses';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { links } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { fullName } from '@/lib/format-date-time';
import { useGenerateMossosFile, type MossosFile } from '../api/mossos';
import { groupSesProblems, useGenerateSesFile, type SesProblemGroup } from '../api/ses';
import {
  recentSesSubmission,
  useSendToSes,
  useSesConnection,
  useWatchedSesSubmission,
} from '../api/ses-send';
import { MossosUploadPanel } from './mossos-upload-panel';
import { useA19Certificate } from '../api/a19';
import { RadioGroup } from './radio-group';
import { authorityContext, SesSubmissionStatus } from './ses-submission-status';

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
/** Send to the Ministry from Hospes (decision 035), or download the file to upload by hand. */
type Mode = 'send' | 'file';

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
 * The establishment's reporting dialog. A Catalan establishment (decision 057) gets the Mossos
 * d'Esquadra's file, a short guide to the portal's upload and the confirmation that it went up.
 * Elsewhere: send partes (PV) or reservas (RH) of an establishment to SES.HOSPEDAJES, or download the file:
 * for the selected travelers or the arrivals of a date range (today by default). Sending needs the
 * establishment's web-service user (decision 035) and is then the default; the file comes as XML
 * or the zipped 'solicitud'. Pre-flight problems are listed per traveler with a link to fix each;
 * a send then shows where its lote stands until the Ministry has processed it.
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
  const generateMossos = useGenerateMossosFile();
  const [mossosFile, setMossosFile] = useState<MossosFile | null>(null);
  const send = useSendToSes();
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
  // Null until the user picks: then sending when the establishment is connected.
  const [chosenMode, setMode] = useState<Mode | null>(null);
  const [resend, setResend] = useState(false);
  // A send whose answer the connection lost: the request the server recorded, if any, and when
  // this device learnt of it.
  const [recovered, setRecovered] = useState<{
    submission: SesSubmission;
    receivedAt: number;
  } | null>(null);
  const [maybeSent, setMaybeSent] = useState(false);

  const ids = selected.filter((p) => p.establishmentId === establishmentId).map((p) => p.id);
  const noneSelectedHere = scope === 'selected' && ids.length === 0;
  // Catalan lodgings upload the Mossos d'Esquadra's file; Basque ones report to the Ertzaintza.
  const authority = establishmentOf(establishmentId)?.authority;
  const mossos = authority === 'mossos';
  // A Basque establishment sends to the Ertzaintza's A19 service here, with its certificate and
  // no file (decision 056).
  const a19 = authority === 'ertzaintza';
  const otherAuthority =
    authority && authority !== 'ses' && !mossos && !a19 ? AUTHORITY_NAMES[authority] : null;
  const connection = useSesConnection(establishmentId, open && !otherAuthority && !mossos && !a19);
  const certificate = useA19Certificate(establishmentId, open && a19);
  // Until the connection is known, the dialog does not know whether it sends or makes a file.
  const deciding =
    !otherAuthority && !mossos && (a19 ? certificate.isPending : connection.isPending);
  const connected = a19
    ? !!certificate.data?.configured && !certificate.data.expired
    : !!connection.data?.user && !!connection.data.passwordSet;
  const canSend = connected && (a19 || !!connection.data?.landlordCode);
  const blocked =
    !establishmentId ||
    noneSelectedHere ||
    otherAuthority !== null ||
    deciding ||
    (a19 && !canSend);
  // Sending is the default where it is possible, and never chosen where it is not (another
  // establishment picked after choosing it).
  const mode: Mode = canSend ? (a19 ? 'send' : (chosenMode ?? 'send')) : 'file';
  // The lote is watched for a few minutes from when this device sent it (its own clock).
  const sent = useWatchedSesSubmission(
    send.data ?? recovered?.submission,
    recovered?.receivedAt ?? send.submittedAt,
  );
  const busy = generate.isPending || send.isPending || generateMossos.isPending;
  const names = new Map<string, string>();
  for (const p of [...knownTravelers, ...selected]) names.set(p.id, fullName(p));

  /** Any change of what is asked: earlier answers, and a "send again", no longer apply. */
  const changed = () => {
    generate.reset();
    generateMossos.reset();
    setMossosFile(null);
    send.reset();
    setResend(false);
    setMaybeSent(false);
  };

  const close = () => {
    if (busy) return;
    changed();
    setRecovered(null);
    setDone('');
    onClose();
  };

  const selection = () =>
    scope === 'selected' ? { pilgrimIds: ids } : { from: from || undefined, to: to || undefined };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    setDone('');
    if (mossos) {
      setMossosFile(null);
      try {
        setMossosFile(await generateMossos.mutateAsync({ establishmentId, ...selection() }));
      } catch {
        // shown below
      }
      return;
    }
    if (mode === 'send') {
      generate.reset();
      setMaybeSent(false);
      try {
        await send.mutateAsync({ establishmentId, kind, ...selection(), resend });
        setResend(false);
      } catch (err) {
        // No answer (a dropped connection, a timeout): the server may have sent it. What it
        // recorded tells, when it can be read; else the user is told to look before sending again.
        if (isApiError(err) && err.status === 0) {
          setMaybeSent(true);
          setRecovered(await recentSesSubmission(establishmentId).catch(() => null));
        }
      }
      return;
    }
    send.reset();
    try {
      const fileName = await generate.mutateAsync({
        establishmentId,
        kind,
        format,
        ...selection(),
      });
      setDone(fileName);
    } catch {
      // shown below
    }
  };

  const error = mossos ? generateMossos.error : mode === 'send' ? send.error : generate.error;
  const preflight = isApiError(error) && error.code === 'SES_PREFLIGHT_FAILED';
  const alreadySent = isApiError(error) && error.code === 'SES_ALREADY_SENT';
  // "Send again" is for travelers whose earlier request went unanswered only.
  const showResend =
    alreadySent && error.details.some((detail) => detail.code === 'ses.already.unknown');
  const submission = sent.data;

  if (submission) {
    return (
      <Modal
        open={open}
        onClose={close}
        title={t('send.resultTitle', { context: authorityContext(submission.authority) })}
      >
        {maybeSent && (
          <FormAlert tone="info" className="mt-4">
            {t('send.recovered')}
          </FormAlert>
        )}
        <SesSubmissionStatus
          submission={submission}
          checking={sent.isFetching}
          onCheck={() => void sent.refetch()}
        />
        <div className="mt-6 flex justify-end">
          <Button onClick={close}>{t('xml.close')}</Button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={close}
      busy={busy}
      title={
        // The establishment's authority from the start, its certificate still loading included.
        mossos
          ? t('mossos.title')
          : a19
            ? t('send.title', { context: 'ertzaintza' })
            : mode === 'send'
              ? t('send.title')
              : t('xml.title')
      }
    >
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
              changed();
            }}
            options={establishments.map((e) => ({ value: e.id, label: e.name }))}
          />
        )}
        {mossos && <p className="mt-4 text-fg">{t('mossos.intro')}</p>}
        {!otherAuthority && !mossos && !deciding && !a19 && (
          <RadioGroup<Mode>
            legend={t('send.mode')}
            name="ses-mode"
            value={mode}
            onChange={(next) => {
              setMode(next);
              changed();
            }}
            options={[
              { value: 'send', label: t('send.modeSend'), disabled: !canSend },
              { value: 'file', label: t('send.modeFile') },
            ]}
          />
        )}
        {deciding && (
          <p role="status" className="mt-4 flex items-center gap-2 text-muted">
            <Spinner className="size-5 text-primary" />
            {t('send.checkingConnection')}
          </p>
        )}
        {!otherAuthority && !mossos && connection.isError && (
          <p className="mt-1 text-sm text-muted">{t('send.connectionUnknown')}</p>
        )}
        {a19 && certificate.isSuccess && !canSend && (
          <p className="mt-1 text-sm text-muted">
            {t(certificate.data.expired ? 'a19.expiredShort' : 'a19.notConnected')}{' '}
            <TextLink to={links.profileTab('establishments')}>{t('send.setUp')}</TextLink>
          </p>
        )}
        {!otherAuthority && !mossos && !a19 && connection.isSuccess && !canSend && (
          <p className="mt-1 text-sm text-muted">
            {connected ? t('send.noLandlordCode') : t('send.notConnected')}{' '}
            <TextLink to={links.profileTab('establishments')}>{t('send.setUp')}</TextLink>
          </p>
        )}
        {!mossos && (
          <RadioGroup<Kind>
            legend={t('xml.kind')}
            name="ses-kind"
            value={kind}
            onChange={(next) => {
              setKind(next);
              changed();
            }}
            options={[
              { value: 'PV', label: t('xml.kindPV') },
              { value: 'RH', label: t('xml.kindRH') },
            ]}
          />
        )}
        <RadioGroup<Scope>
          legend={t('xml.scope')}
          name="ses-scope"
          value={scope}
          onChange={(next) => {
            setScope(next);
            changed();
          }}
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
              onChange={(event) => {
                setFrom(event.target.value);
                changed();
              }}
            />
            <TextField
              type="date"
              label={t('xml.to')}
              value={to}
              min={from || undefined}
              onChange={(event) => {
                setTo(event.target.value);
                changed();
              }}
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
        {mode === 'file' && !mossos && !a19 && (
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
        )}

        {preflight ? (
          <SesProblems details={error.details} travelers={names} />
        ) : alreadySent ? (
          <>
            <FormAlert tone="info" className="mt-4" title={errorText(error, t('send.sendFailed'))}>
              <ul className="ms-5 list-disc">
                {error.details.map((detail) => (
                  <li key={detail.field} className="break-words">
                    {(detail.travelerId && names.get(detail.travelerId)) ||
                      detail.travelerName ||
                      detail.travelerId}
                    {detail.code?.startsWith('ses.already.') && (
                      <span className="text-muted">
                        {' '}
                        ({t(`send.already.${detail.code.slice('ses.already.'.length)}`)})
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </FormAlert>
            {showResend && (
              <label className="mt-2 flex min-h-11 items-center gap-3 text-fg">
                <input
                  type="checkbox"
                  checked={resend}
                  onChange={(event) => setResend(event.target.checked)}
                  className="size-5 shrink-0 accent-primary"
                />
                <span>{t('send.resend')}</span>
              </label>
            )}
          </>
        ) : (
          error && (
            <FormAlert className="mt-4">
              {mode === 'send' && maybeSent
                ? t('send.maybeSent')
                : errorText(
                    error,
                    mossos
                      ? t('mossos.failed')
                      : mode === 'send'
                        ? t('send.sendFailed')
                        : t('xml.failed'),
                  )}
            </FormAlert>
          )
        )}
        {done && (
          <FormAlert tone="success" className="mt-4">
            {t('xml.done', { file: done })}
          </FormAlert>
        )}
        {mossosFile && (
          <>
            <FormAlert tone="success" className="mt-4">
              {t('mossos.done', { file: mossosFile.fileName, count: mossosFile.count })}
            </FormAlert>
            <MossosUploadPanel establishmentId={establishmentId} file={mossosFile} />
          </>
        )}

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={busy}>
            {done || mossosFile ? t('xml.close') : t('xml.cancel')}
          </Button>
          <Button type="submit" pending={busy} disabled={blocked}>
            {mossos
              ? t('mossos.generate')
              : mode === 'send' || a19
                ? t('send.submit')
                : t('xml.generate')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
